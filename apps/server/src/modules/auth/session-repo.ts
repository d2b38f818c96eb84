import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/account';

/** DESIGN.md §4: idle and absolute expiry. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export type RevokeReason = 'logout' | 'password';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  input: {
    tenantId: number;
    userId: number;
    ip: string;
    userAgent: string;
    /** A checked X-Device-Id (routes.ts `deviceIdOf`), or none. */
    deviceId?: string | null;
    now: number;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tenantId: input.tenantId,
    userId: input.userId,
    tokenHash: hashToken(token),
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: input.now + SESSION_ABSOLUTE_MS,
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 300),
    deviceId: input.deviceId ?? null,
  });
  return token;
}

export type SessionLookup =
  | { state: 'valid'; sessionId: number; userId: number; tenantId: number; userName: string }
  | { state: 'expired' | 'revoked' | 'passwordChanged' | 'none' };

export async function findSession(db: Db, token: string, now: number): Promise<SessionLookup> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      tenantId: sessions.tenantId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokeReason: sessions.revokeReason,
      userName: users.userName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { state: 'none' };
  if (row.revokedAt !== null)
    return { state: row.revokeReason === 'password' ? 'passwordChanged' : 'revoked' };
  if (now >= row.expiresAt || now - row.lastSeenAt >= SESSION_IDLE_MS) return { state: 'expired' };
  if (now - row.lastSeenAt >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return {
    state: 'valid',
    sessionId: row.id,
    userId: row.userId,
    tenantId: row.tenantId,
    userName: row.userName,
  };
}

export async function revokeSession(
  db: Db,
  sessionId: number,
  reason: RevokeReason,
  now: number,
): Promise<number[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((r) => r.id);
}

/** Revoke every live session of a user except `keepSessionId`. */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number,
  reason: RevokeReason,
  now: number,
): Promise<number[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((r) => r.id);
}
