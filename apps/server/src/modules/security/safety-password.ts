import { Codes } from '@lottery/contract/codes';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne } from '../../db/sql';
import { DomainError } from '../../errors';
import { MSG_CONFIRM_MISMATCH, MSG_SAME_AS_OLD, safetyPasswordProblem } from './rules';
import { decryptSafetyPassword } from './safety-password-cipher';

export const SAFETY_MAX_ATTEMPTS = 5;
export const SAFETY_LOCK_MS = 30 * 60 * 1000;
/** data of the -1 reply when the safety password is locked (spec/platform.md §7, §8). */
export const SAFETY_LOCKED_DATA = 10;

export type SafetyUser = { userId: number; userName: string };

type SecurityRow = {
  safety_password_hash: string | null;
  safety_failed_attempts: number;
  safety_locked_until: string | null;
};

async function securityRow(db: Executor, userId: number): Promise<SecurityRow | undefined> {
  return queryOne<SecurityRow>(
    db,
    sql`SELECT safety_password_hash, safety_failed_attempts, safety_locked_until::text
        FROM user_security WHERE user_id = ${userId}`,
  );
}

/** The user's security row, created empty on first use. */
export async function ensureSecurityRow(db: Executor, userId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO user_security (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`,
  );
}

export async function hasSafetyPassword(db: Executor, userId: number): Promise<boolean> {
  return Boolean((await securityRow(db, userId))?.safety_password_hash);
}

// The 6 digits are peppered with the user id so equal passwords never share a hash input.
const hashInput = (userId: number, password: string) => `${userId}:${password}`;

function decryptOrFail(wire: string | undefined, user: SafetyUser, nowMs: number): string {
  const plain = wire ? decryptSafetyPassword(wire, user.userName, nowMs) : null;
  if (plain === null) throw DomainError.of(Codes.INVALID_PARAM, '安全密码格式不正确，请重新输入');
  return plain;
}

function lockedError(lockedUntilMs: number, nowMs: number): DomainError {
  // A lock set by a parallel call stamped a little later than ours must still read 30, not 31.
  const minutes = Math.min(SAFETY_LOCK_MS / 60_000, Math.max(1, Math.ceil((lockedUntilMs - nowMs) / 60_000)));
  return DomainError.of(
    Codes.VERIFY_FAILED,
    `安全密码错误次数过多，已被锁定，请${minutes}分钟后再试`,
    SAFETY_LOCKED_DATA,
  );
}

const NOT_LOCKED_AT = (nowMs: number) =>
  sql`(safety_locked_until IS NULL OR safety_locked_until <= ${nowMs})`;

/**
 * Counts one wrong password, unless a lock is in force at `nowMs` (then nothing is counted and
 * the caller answers "locked"). The count and the lock check are this one statement, so however
 * many wrong guesses arrive at once exactly SAFETY_MAX_ATTEMPTS are counted; the one that reaches
 * the maximum sets the lock. A lock that has expired starts the count afresh.
 */
async function countFailure(db: Executor, userId: number, nowMs: number): Promise<number | undefined> {
  const next = sql`CASE WHEN safety_locked_until IS NULL THEN safety_failed_attempts + 1 ELSE 1 END`;
  const row = await queryOne<{ attempts: number }>(
    db,
    sql`UPDATE user_security SET
          safety_failed_attempts = ${next},
          safety_locked_until = CASE WHEN ${next} >= ${SAFETY_MAX_ATTEMPTS} THEN ${nowMs + SAFETY_LOCK_MS}::bigint END
        WHERE user_id = ${userId} AND ${NOT_LOCKED_AT(nowMs)}
        RETURNING safety_failed_attempts AS attempts`,
  );
  return row?.attempts;
}

/**
 * Accepts a right password unless a lock came into force (from failures counted meanwhile) or the
 * password changed since it was read: the reset and both checks are one statement.
 */
async function acceptRight(db: Executor, userId: number, checkedHash: string, nowMs: number) {
  const row = await queryOne<{ ok: number }>(
    db,
    sql`UPDATE user_security SET safety_failed_attempts = 0, safety_locked_until = NULL
        WHERE user_id = ${userId} AND safety_password_hash = ${checkedHash} AND ${NOT_LOCKED_AT(nowMs)}
        RETURNING 1 AS ok`,
  );
  return row !== undefined;
}

async function lockedNow(db: Executor, userId: number, nowMs: number): Promise<DomainError> {
  const row = await securityRow(db, userId);
  const until = row?.safety_locked_until == null ? 0 : Number(row.safety_locked_until);
  return lockedError(until > nowMs ? until : nowMs + SAFETY_LOCK_MS, nowMs);
}

/**
 * Checks an encrypted safety password (users/verifySafetyPassword, withdrawals, cards, red
 * envelopes). Only failures count: after SAFETY_MAX_ATTEMPTS of them verification is locked for
 * SAFETY_LOCK_MS, and the fifth and every later call answer code -1 with data 10. The argon2 check
 * runs outside any lock; its verdict is applied by one conditional statement (countFailure /
 * acceptRight), so parallel right passwords all pass and parallel wrong ones are counted exactly.
 */
export async function verifySafetyPassword(
  db: Db,
  user: SafetyUser,
  wire: string | undefined,
  nowMs: number,
) {
  const row = await securityRow(db, user.userId);
  if (!row?.safety_password_hash) throw DomainError.of(Codes.SAFETY_PASSWORD_NOT_SET);
  const lockedUntil = row.safety_locked_until === null ? 0 : Number(row.safety_locked_until);
  if (lockedUntil > nowMs) throw lockedError(lockedUntil, nowMs);
  const plain = decryptOrFail(wire, user, nowMs);
  const hashed = row.safety_password_hash;
  const right = await verify(hashed, hashInput(user.userId, plain));
  // A right password that meets a lock set meanwhile is refused as locked (countFailure counts
  // nothing under a lock); one checked against a password changed meanwhile counts as wrong.
  if (right && (await acceptRight(db, user.userId, hashed, nowMs))) return;
  const attempts = await countFailure(db, user.userId, nowMs);
  if (attempts === undefined) throw await lockedNow(db, user.userId, nowMs);
  if (attempts >= SAFETY_MAX_ATTEMPTS) throw lockedError(nowMs + SAFETY_LOCK_MS, nowMs);
  throw DomainError.of(Codes.VERIFY_FAILED, `安全密码错误，您还有${SAFETY_MAX_ATTEMPTS - attempts}次机会`);
}

function checkNew(plain: string, confirmPlain: string | null): void {
  const problem = safetyPasswordProblem(plain);
  if (problem) {
    const def =
      problem === Codes.SAFETY_PASSWORD_TOO_SIMPLE.msg
        ? Codes.SAFETY_PASSWORD_TOO_SIMPLE
        : Codes.INVALID_PARAM;
    throw DomainError.of(def, problem);
  }
  if (confirmPlain !== null && confirmPlain !== plain)
    throw DomainError.of(Codes.INVALID_PARAM, MSG_CONFIRM_MISMATCH);
}

/**
 * Stores a new safety password: its security row (created if missing) and the password in one
 * transaction. The (slow) hash is computed before it opens.
 */
async function store(db: Db, userId: number, plain: string, nowMs: number): Promise<void> {
  const stored = await hash(hashInput(userId, plain));
  await db.transaction(async (tx) => {
    await ensureSecurityRow(tx, userId);
    await tx.execute(sql`
      UPDATE user_security SET safety_password_hash = ${stored}, safety_password_set_at = ${nowMs},
        safety_failed_attempts = 0, safety_locked_until = NULL
      WHERE user_id = ${userId}`);
  });
}

/** First safety password. Refused when one exists (use reset). */
export async function setSafetyPassword(
  db: Db,
  user: SafetyUser,
  input: { safetyPassword?: string; confirmSafetyPassword?: string },
  nowMs: number,
): Promise<void> {
  if (await hasSafetyPassword(db, user.userId))
    throw DomainError.of(Codes.INVALID_PARAM, '安全密码已设置，请使用修改安全密码');
  const plain = decryptOrFail(input.safetyPassword, user, nowMs);
  const confirm = input.confirmSafetyPassword
    ? decryptOrFail(input.confirmSafetyPassword, user, nowMs)
    : null;
  checkNew(plain, confirm);
  await store(db, user.userId, plain, nowMs);
}

/**
 * Change: proves the old safety password (counted like any verification), or — for a forgotten
 * one — `loginVerified` set by the caller after checking the login password.
 */
export async function resetSafetyPassword(
  db: Db,
  user: SafetyUser,
  input: { oldSafetyPassword?: string; newSafetyPassword?: string; confirmSafetyPassword?: string },
  nowMs: number,
  loginVerified = false,
): Promise<void> {
  const row = await securityRow(db, user.userId);
  if (!loginVerified) await verifySafetyPassword(db, user, input.oldSafetyPassword, nowMs);
  const plain = decryptOrFail(input.newSafetyPassword, user, nowMs);
  const confirm = input.confirmSafetyPassword
    ? decryptOrFail(input.confirmSafetyPassword, user, nowMs)
    : null;
  checkNew(plain, confirm);
  if (row?.safety_password_hash && (await verify(row.safety_password_hash, hashInput(user.userId, plain)))) {
    throw DomainError.of(Codes.SAFETY_PASSWORD_SAME, MSG_SAME_AS_OLD);
  }
  await store(db, user.userId, plain, nowMs);
}
