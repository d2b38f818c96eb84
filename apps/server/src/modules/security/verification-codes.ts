import { createHash, randomInt } from 'node:crypto';
import { Codes } from '@lottery/contract/codes';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/sql';
import { DomainError } from '../../errors';
import { enqueue, type MessageGateway, type OutboxChannel } from './outbox';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_RESEND_MS = 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_TARGET_PER_DAY = 10;

export type CodePurpose = 'bindPhone' | 'bindMail' | 'forgetPassword';

const digest = (target: string, code: string) =>
  createHash('sha256').update(`${target}:${code}`).digest('hex');

/**
 * Issues a 6-digit code for `target` (stored hashed) and queues it in the outbox. Sends to one
 * target take turns (a transaction lock on the target), so simultaneous requests cannot all pass
 * the 60-second and daily checks.
 */
export async function sendCode(
  db: Db,
  gateway: MessageGateway,
  input: {
    userId: number | null;
    purpose: CodePurpose;
    channel: OutboxChannel;
    target: string;
    nowMs: number;
  },
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('verification-code'), hashtext(${input.target}))`,
    );
    const recent = await queryOne<{ last: string | null; n: number }>(
      tx,
      sql`SELECT max(created_at)::text AS last, count(*)::int AS n FROM verification_code
          WHERE target = ${input.target} AND created_at > ${input.nowMs - 24 * 3_600_000}`,
    );
    if (recent?.last && Number(recent.last) > input.nowMs - CODE_RESEND_MS) {
      throw DomainError.of(Codes.TOO_FREQUENT, '验证码发送过于频繁，请60秒后再试');
    }
    if ((recent?.n ?? 0) >= CODES_PER_TARGET_PER_DAY)
      throw DomainError.of(Codes.TOO_FREQUENT, '今日验证码发送次数已达上限');
    await tx.execute(sql`
      INSERT INTO verification_code (user_id, purpose, channel, target, code_hash, expires_at, created_at)
      VALUES (${input.userId}, ${input.purpose}, ${input.channel}, ${input.target}, ${digest(input.target, code)},
        ${input.nowMs + CODE_TTL_MS}, ${input.nowMs})`);
  });
  await enqueue(
    db,
    gateway,
    {
      channel: input.channel,
      target: input.target,
      body: `您的验证码为${code}，10分钟内有效，请勿泄露给他人。`,
    },
    input.nowMs,
  );
}

type CodeInput = { userId: number | null; purpose: CodePurpose; target: string; code: string; nowMs: number };

/** Spends the latest code for target+purpose when it matches; wrong guesses are counted. */
export async function consumeCode(db: Db, input: CodeInput): Promise<void> {
  await spendCode(db, input, async () => undefined);
}

/**
 * consumeCode, and `then` (what the code proves: a binding, a reset token) in the transaction that
 * spends the code: both happen or neither. Wrong guesses stay counted.
 */
export async function spendCode<T>(db: Db, input: CodeInput, then: (tx: Db) => Promise<T>): Promise<T> {
  const row = await queryOne<{ id: string; code_hash: string; attempts: number }>(
    db,
    sql`SELECT id::text, code_hash, attempts FROM verification_code
        WHERE target = ${input.target} AND purpose = ${input.purpose}
          AND ${input.userId === null ? sql`true` : sql`user_id = ${input.userId}`}
          AND used_at IS NULL AND expires_at > ${input.nowMs}
        ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw DomainError.of(Codes.VERIFY_CODE_WRONG);
  // Count the attempt before comparing, atomically: simultaneous guesses get CODE_MAX_ATTEMPTS in all.
  const taken = await queryOne<{ id: string }>(
    db,
    sql`UPDATE verification_code SET attempts = attempts + 1
        WHERE id = ${row.id} AND attempts < ${CODE_MAX_ATTEMPTS} RETURNING id::text`,
  );
  if (!taken || row.code_hash !== digest(input.target, input.code))
    throw DomainError.of(Codes.VERIFY_CODE_WRONG);
  return db.transaction(async (tx) => {
    const spent = await queryOne<{ id: string }>(
      tx,
      sql`UPDATE verification_code SET used_at = ${input.nowMs} WHERE id = ${row.id} AND used_at IS NULL RETURNING id::text`,
    );
    if (!spent) throw DomainError.of(Codes.VERIFY_CODE_WRONG);
    return then(tx);
  });
}
