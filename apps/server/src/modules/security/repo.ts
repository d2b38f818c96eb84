import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, queryOne } from '../../db/sql';
import { ensureSecurityRow } from './safety-password';

/** What the security centre and password recovery read of a user's row in user_security. */
export type ContactRow = {
  phone: string | null;
  phone_verified_at: string | null;
  email: string | null;
  email_verified_at: string | null;
  question_id: number | null;
  answer_hash: string | null;
  question_failed_attempts: number;
};

/** The user's contact row, created empty on first use. */
export async function contactOf(db: Executor, userId: number): Promise<ContactRow> {
  await ensureSecurityRow(db, userId);
  return (await queryOne<ContactRow>(
    db,
    sql`SELECT phone, phone_verified_at::text, email, email_verified_at::text, question_id, answer_hash,
          question_failed_attempts FROM user_security WHERE user_id = ${userId}`,
  ))!;
}

export async function bindPhone(db: Executor, userId: number, phone: string, nowMs: number): Promise<void> {
  await ensureSecurityRow(db, userId);
  await db.execute(
    sql`UPDATE user_security SET phone = ${phone}, phone_verified_at = ${nowMs} WHERE user_id = ${userId}`,
  );
}

export async function bindMail(db: Executor, userId: number, mail: string, nowMs: number): Promise<void> {
  await ensureSecurityRow(db, userId);
  await db.execute(
    sql`UPDATE user_security SET email = ${mail}, email_verified_at = ${nowMs} WHERE user_id = ${userId}`,
  );
}

export async function storeQuestion(
  db: Executor,
  userId: number,
  questionId: number,
  answerHash: string,
): Promise<void> {
  await ensureSecurityRow(db, userId);
  await db.execute(sql`UPDATE user_security SET question_id = ${questionId}, answer_hash = ${answerHash},
                         question_failed_attempts = 0 WHERE user_id = ${userId}`);
}

/**
 * Counts one answer of the security question before it is checked, unless `max` are counted
 * already: one statement, so simultaneous answers share the same tries. False when none is left.
 */
export async function takeQuestionAttempt(db: Executor, userId: number, max: number): Promise<boolean> {
  const taken = await queryOne<{ n: number }>(
    db,
    sql`UPDATE user_security SET question_failed_attempts = question_failed_attempts + 1
        WHERE user_id = ${userId} AND question_failed_attempts < ${max}
        RETURNING question_failed_attempts AS n`,
  );
  return taken !== undefined;
}

export async function clearQuestionAttempts(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`UPDATE user_security SET question_failed_attempts = 0 WHERE user_id = ${userId}`);
}

/** Reset tokens are stored hashed: a leaked table row does not reset anyone's password. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function insertResetToken(
  db: Executor,
  token: string,
  userId: number,
  expiresAt: number,
): Promise<void> {
  await db.execute(sql`INSERT INTO password_reset_token (token_hash, user_id, expires_at)
                       VALUES (${tokenHash(token)}, ${userId}, ${expiresAt})`);
}

/** The user of an unused, unexpired token (nothing changes). */
export async function resetTokenUser(
  db: Executor,
  token: string,
  nowMs: number,
): Promise<number | undefined> {
  const row = await queryOne<{ user_id: string }>(
    db,
    sql`SELECT user_id::text FROM password_reset_token
        WHERE token_hash = ${tokenHash(token)} AND used_at IS NULL AND expires_at > ${nowMs}`,
  );
  return row ? Number(row.user_id) : undefined;
}

/** Spends a token once: its user, or undefined when it was used, expired or never issued. */
export async function spendResetToken(
  db: Executor,
  token: string,
  nowMs: number,
): Promise<number | undefined> {
  const row = await queryOne<{ user_id: string }>(
    db,
    sql`UPDATE password_reset_token SET used_at = ${nowMs}
        WHERE token_hash = ${tokenHash(token)} AND used_at IS NULL AND expires_at > ${nowMs}
        RETURNING user_id::text`,
  );
  return row ? Number(row.user_id) : undefined;
}
