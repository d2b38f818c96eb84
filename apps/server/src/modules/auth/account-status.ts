import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { sessions, type UserStatus, users } from '../../db/schema/account';

/**
 * An operator's changes to a player's account: status, login lockout, sessions. The one place
 * they are written, used by the console's players desk and by `npm run admin -- user-status`,
 * `unlock-user` and `logout-user`. Each takes the caller's transaction, so that the caller's audit
 * row commits with the change; the account row is locked first, so two operators changing one
 * account at once see each other's result as their "before".
 *
 * Ended sessions are announced with announceSessionsEnded after the commit: the session cache
 * forgets them and open sockets get event 14.
 */

export interface AccountState {
  status: UserStatus;
  failedLogins: number;
  lockedUntil: number | null;
}

async function lockAccount(tx: Db, userId: number): Promise<AccountState | undefined> {
  const [row] = await tx
    .select({ status: users.status, failedLogins: users.failedLogins, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Revokes every live session of the account; the revoked ids. */
export async function endAccountSessions(tx: Db, userId: number, now: number): Promise<number[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now, revokeReason: 'logout' })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * Sets the status (disabled: -6 at login; frozen: -91 at login); any status but active ends every
 * session. Undefined when there is no such account.
 */
export async function setAccountStatus(
  tx: Db,
  userId: number,
  status: UserStatus,
  now: number,
): Promise<{ before: AccountState; after: AccountState; endedSessionIds: number[] } | undefined> {
  const before = await lockAccount(tx, userId);
  if (!before) return undefined;
  await tx.update(users).set({ status }).where(eq(users.id, userId));
  const endedSessionIds = status === 'active' ? [] : await endAccountSessions(tx, userId, now);
  return { before, after: { ...before, status }, endedSessionIds };
}

/** Lifts the lock after repeated wrong passwords. Undefined when there is no such account. */
export async function unlockAccount(
  tx: Db,
  userId: number,
): Promise<{ before: AccountState; after: AccountState } | undefined> {
  const before = await lockAccount(tx, userId);
  if (!before) return undefined;
  await tx.update(users).set({ lockedUntil: null, failedLogins: 0 }).where(eq(users.id, userId));
  return { before, after: { ...before, failedLogins: 0, lockedUntil: null } };
}

/** After the commit: the session cache forgets the ended sessions and their sockets are closed. */
export function announceSessionsEnded(ctx: AppContext, sessionIds: readonly number[]): void {
  if (sessionIds.length === 0) return;
  for (const listener of ctx.onSessionsRevoked) listener(sessionIds, 'logout');
}
