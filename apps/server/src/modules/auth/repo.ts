import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inviteCodes, users } from '../../db/schema/account';

export type UserRow = typeof users.$inferSelect;

export async function findUserByName(
  db: Db,
  tenantId: number,
  userName: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, userName.toLowerCase())))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findInviteCode(db: Db, tenantId: number, code: string) {
  const [row] = await db
    .select()
    .from(inviteCodes)
    .where(and(eq(inviteCodes.tenantId, tenantId), eq(inviteCodes.code, code), isNull(inviteCodes.deletedAt)))
    .limit(1);
  return row;
}

/** An agent's first live invite code (shown in UserInfo). */
export async function firstInviteCodeOf(db: Db, agentId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ code: inviteCodes.code })
    .from(inviteCodes)
    .where(and(eq(inviteCodes.agentId, agentId), isNull(inviteCodes.deletedAt)))
    .orderBy(asc(inviteCodes.id))
    .limit(1);
  return row?.code;
}

export interface NewUser {
  tenantId: number;
  userName: string;
  passwordHash: string;
  avatar: string;
  parentId: number | null;
  rebate: string;
  isAgent: boolean;
  role: UserRow['role'];
  grade: number;
  nickName?: string;
  registerIp: string | null;
  /** The invite code used to register (counted per code by the agent centre). */
  inviteCodeId?: number | null;
  /** Registration signs the new user in: its first login is now (child opening does not). */
  signedIn?: boolean;
  now: number;
}

/** Insert a user; undefined when the name is already taken (unique index, so races are safe). */
export async function insertUser(db: Db, u: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      tenantId: u.tenantId,
      userName: u.userName.toLowerCase(),
      passwordHash: u.passwordHash,
      nickName: u.nickName ?? '',
      avatar: u.avatar,
      gender: 2,
      grade: u.grade,
      role: u.role,
      isAgent: u.isAgent,
      parentId: u.parentId,
      rebate: u.rebate,
      rebateUpdatedAt: u.now,
      status: 'active',
      failedLogins: 0,
      passwordChangedAt: u.now,
      registerIp: u.registerIp,
      inviteCodeId: u.inviteCodeId ?? null,
      lastLoginAt: u.signedIn ? u.now : null,
      lastLoginIp: u.signedIn ? u.registerIp : null,
      createdAt: u.now,
    })
    .onConflictDoNothing({ target: [users.tenantId, users.userName] })
    .returning();
  return row;
}

/** No lock in force at `now` (an expired lock counts as none). */
const notLockedAt = (now: number) => sql`(${users.lockedUntil} IS NULL OR ${users.lockedUntil} <= ${now})`;

/**
 * Counts one wrong password unless the account is locked at `now`; undefined when it is (nothing
 * counted). One statement does the check and the count, so parallel failures cannot both read the
 * old count nor slip past a lock just set: exactly `maxFailures` are counted, and the one that
 * reaches it sets the lock and starts the next count at 0.
 */
export async function recordLoginFailure(
  db: Db,
  userId: number,
  now: number,
  maxFailures: number,
  lockUntil: number,
): Promise<{ locked: boolean; failures: number } | undefined> {
  const reached = sql`${users.failedLogins} + 1 >= ${maxFailures}`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`CASE WHEN ${reached} THEN 0 ELSE ${users.failedLogins} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reached} THEN ${lockUntil}::bigint ELSE ${users.lockedUntil} END`,
    })
    .where(and(eq(users.id, userId), notLockedAt(now)))
    .returning({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil });
  if (!row) return undefined;
  return { locked: row.lockedUntil === lockUntil, failures: row.failedLogins };
}

/**
 * Records a sign-in with the password hash that was checked, unless a lock came into force or the
 * password changed since it was read; false then (the caller refuses the sign-in).
 */
export async function recordLoginSuccess(
  db: Db,
  user: { id: number; passwordHash: string },
  ip: string,
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now, lastLoginIp: ip })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash), notLockedAt(now)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function updateProfile(
  db: Db,
  userId: number,
  patch: { nickName?: string; gender?: number; avatar?: string },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(users).set(patch).where(eq(users.id, userId));
}

export async function updatePasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
}
