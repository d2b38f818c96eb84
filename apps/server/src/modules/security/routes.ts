import { createHash, randomBytes } from 'node:crypto';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import {
  ForgetPasswordRequest,
  ForgetPasswordResetRequest,
  ResetSafetyPasswordRequest,
  SendMailCodeRequest,
  SendPhoneCodeRequest,
  SetSafetyPasswordRequest,
  SetSafetyQuestionRequest,
  VerifyMailCodeRequest,
  VerifyPhoneCodeRequest,
  VerifySafetyPasswordRequest,
  VerifySafetyQuestionRequest,
} from '@lottery/contract/security';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { parse } from '../../plugins/envelope';
import { requireUser } from '../../plugins/session';
import { hashPasswordDigest, verifyPasswordDigest } from '../auth/password';
import { findUserById, findUserByName, updatePasswordHash } from '../auth/repo';
import { revokeOtherSessions } from '../auth/session-repo';
import { listPayoutAccounts } from '../payment/payout-accounts';
import { tenantOf } from '../site/tenant-cache';
import { queryOne } from '../wallet/sql';
import { logGateway } from './outbox';
import { isQuestionId, normaliseAnswer, SAFETY_QUESTIONS } from './questions';
import {
  ensureSecurityRow,
  hasSafetyPassword,
  resetSafetyPassword,
  setSafetyPassword,
  verifySafetyPassword,
} from './safety-password';
import { consumeCode, sendCode } from './verification-codes';

const MINUTE = 60_000;
export const RESET_TOKEN_TTL_MS = 15 * MINUTE;
export const QUESTION_MAX_ATTEMPTS = 5;

type ContactRow = {
  phone: string | null;
  phone_verified_at: string | null;
  email: string | null;
  email_verified_at: string | null;
  question_id: number | null;
  answer_hash: string | null;
  question_failed_attempts: number;
};

const maskPhone = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;
const maskMail = (m: string) => {
  const [name = '', domain = ''] = m.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
};
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Safety password and security centre (spec/platform.md §7 Account and safety-password calls). */
export default async function securityRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const gateway = logGateway(app.log);
  const auth = { preHandler: requireUser };
  const limited = (max: number, login = true) => ({
    ...(login ? { preHandler: requireUser } : {}),
    config: { rateLimit: { max, timeWindow: MINUTE } },
  });
  const contact = async (userId: number) => {
    await ensureSecurityRow(ctx.db, userId);
    return (await queryOne<ContactRow>(
      ctx.db,
      sql`SELECT phone, phone_verified_at::text, email, email_verified_at::text, question_id, answer_hash,
            question_failed_attempts FROM user_security WHERE user_id = ${userId}`,
    ))!;
  };

  // ---- safety password ---------------------------------------------------------------------
  app.get('/users/isChangeSafetyPassword', auth, async (request) =>
    ok(await hasSafetyPassword(ctx.db, request.user!.userId)),
  );

  app.post('/users/setSafetyPassword', limited(10), async (request) => {
    const input = parse(SetSafetyPasswordRequest, request.body);
    await setSafetyPassword(ctx.db, request.user!, input, ctx.clock.now());
    return ok();
  });

  app.post('/users/resetSafetyPassword', limited(10), async (request) => {
    const input = parse(ResetSafetyPasswordRequest, request.body);
    const user = request.user!;
    let loginVerified = false;
    if (!input.oldSafetyPassword) {
      const row = input.password ? await findUserById(ctx.db, user.userId) : undefined;
      if (!row || !(await verifyPasswordDigest(row.passwordHash, input.password!))) {
        throw DomainError.of(Codes.VERIFY_FAILED, '登录密码错误');
      }
      loginVerified = true;
    }
    await resetSafetyPassword(ctx.db, user, input, ctx.clock.now(), loginVerified);
    return ok();
  });

  app.post('/users/verifySafetyPassword', limited(20), async (request) => {
    const input = parse(VerifySafetyPasswordRequest, request.body);
    await verifySafetyPassword(ctx.db, request.user!, input.safetyPassword, ctx.clock.now());
    return ok();
  });

  app.get('/users/securityList', auth, async (request) => {
    const user = request.user!;
    const c = await contact(user.userId);
    const cards = await listPayoutAccounts(ctx.db, user.userId, 'bank');
    return ok([
      {
        key: 'safetyPassword',
        name: '安全密码',
        set: await hasSafetyPassword(ctx.db, user.userId),
        route: '/findSecurityPassword',
      },
      {
        key: 'phone',
        name: '绑定手机',
        set: c.phone_verified_at !== null,
        value: c.phone ? maskPhone(c.phone) : null,
        route: '/secretPhone',
      },
      {
        key: 'mail',
        name: '绑定邮箱',
        set: c.email_verified_at !== null,
        value: c.email ? maskMail(c.email) : null,
        route: '/secretMail',
      },
      { key: 'question', name: '密保问题', set: c.answer_hash !== null, route: '/safetyQuestion' },
      { key: 'bankCard', name: '银行卡', set: cards.length > 0, route: '/bankcard' },
      { key: 'loginPassword', name: '登录密码', set: true, route: '/resetLoginPassword' },
    ]);
  });

  // ---- phone and mail ----------------------------------------------------------------------
  app.post('/users/sendPhoneCode', limited(5), async (request) => {
    const { phone } = parse(SendPhoneCodeRequest, request.body);
    await sendCode(ctx.db, gateway, {
      userId: request.user!.userId,
      purpose: 'bindPhone',
      channel: 'sms',
      target: phone,
      nowMs: ctx.clock.now(),
    });
    return ok({ target: maskPhone(phone) });
  });
  app.post('/users/verifyPhoneCode', limited(10), async (request) => {
    const { phone, code } = parse(VerifyPhoneCodeRequest, request.body);
    const user = request.user!;
    const nowMs = ctx.clock.now();
    await consumeCode(ctx.db, { userId: user.userId, purpose: 'bindPhone', target: phone, code, nowMs });
    await ensureSecurityRow(ctx.db, user.userId);
    await ctx.db.execute(
      sql`UPDATE user_security SET phone = ${phone}, phone_verified_at = ${nowMs} WHERE user_id = ${user.userId}`,
    );
    return ok({ phone: maskPhone(phone) });
  });
  app.post('/users/sendMailCode', limited(5), async (request) => {
    const { mail } = parse(SendMailCodeRequest, request.body);
    await sendCode(ctx.db, gateway, {
      userId: request.user!.userId,
      purpose: 'bindMail',
      channel: 'mail',
      target: mail.toLowerCase(),
      nowMs: ctx.clock.now(),
    });
    return ok({ target: maskMail(mail) });
  });
  app.post('/users/verifyMailCode', limited(10), async (request) => {
    const { mail, code } = parse(VerifyMailCodeRequest, request.body);
    const user = request.user!;
    const nowMs = ctx.clock.now();
    const target = mail.toLowerCase();
    await consumeCode(ctx.db, { userId: user.userId, purpose: 'bindMail', target, code, nowMs });
    await ensureSecurityRow(ctx.db, user.userId);
    await ctx.db.execute(
      sql`UPDATE user_security SET email = ${target}, email_verified_at = ${nowMs} WHERE user_id = ${user.userId}`,
    );
    return ok({ mail: maskMail(target) });
  });

  // ---- security question -------------------------------------------------------------------
  app.get('/users/safeQuestionList', async () => ok(SAFETY_QUESTIONS));

  app.post('/users/setSafetyQuestion', limited(10), async (request) => {
    const input = parse(SetSafetyQuestionRequest, request.body);
    const user = request.user!;
    if (!isQuestionId(input.questionId)) throw DomainError.of(Codes.INVALID_PARAM, '请选择密保问题');
    await verifySafetyPassword(ctx.db, user, input.safetyPassword, ctx.clock.now());
    await ensureSecurityRow(ctx.db, user.userId);
    const answerHash = await hash(normaliseAnswer(input.answer));
    await ctx.db.execute(sql`UPDATE user_security SET question_id = ${input.questionId}, answer_hash = ${answerHash},
                             question_failed_attempts = 0 WHERE user_id = ${user.userId}`);
    return ok();
  });

  /** Checks a user's question answer; counts failures. Returns the user id on success. */
  async function checkQuestion(userName: string, questionId: number, answer: string): Promise<number> {
    const tenant = await tenantOf(ctx);
    const found = await findUserByName(ctx.db, tenant.id, userName);
    const c = found ? await contact(found.id) : undefined;
    if (!found || !c?.answer_hash) throw DomainError.of(Codes.VERIFY_FAILED, '该账号未设置密保问题');
    // Count the attempt before checking, atomically: simultaneous answers get the same 5 tries.
    const taken = await queryOne<{ n: number }>(
      ctx.db,
      sql`UPDATE user_security SET question_failed_attempts = question_failed_attempts + 1
          WHERE user_id = ${found.id} AND question_failed_attempts < ${QUESTION_MAX_ATTEMPTS}
          RETURNING question_failed_attempts AS n`,
    );
    if (!taken) throw DomainError.of(Codes.VERIFY_FAILED, '密保验证失败次数过多，请联系客服', 10);
    if (c.question_id !== questionId || !(await verify(c.answer_hash, normaliseAnswer(answer)))) {
      throw DomainError.of(Codes.VERIFY_FAILED, '密保问题或答案错误');
    }
    await ctx.db.execute(
      sql`UPDATE user_security SET question_failed_attempts = 0 WHERE user_id = ${found.id}`,
    );
    return found.id;
  }

  async function issueResetToken(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await ctx.db.execute(sql`INSERT INTO password_reset_token (token_hash, user_id, expires_at)
                             VALUES (${tokenHash(token)}, ${userId}, ${ctx.clock.now() + RESET_TOKEN_TTL_MS})`);
    return token;
  }

  app.post('/users/verifySafetyQuestion', limited(10, false), async (request) => {
    const input = parse(VerifySafetyQuestionRequest, request.body);
    const userId = await checkQuestion(input.userName, input.questionId, input.answer);
    return ok({ token: await issueResetToken(userId) });
  });

  // ---- forgotten login password ------------------------------------------------------------
  app.post('/users/forgetPassword', limited(10, false), async (request) => {
    const input = parse(ForgetPasswordRequest, request.body);
    const nowMs = ctx.clock.now();
    if (input.way === 'question') {
      const userId = await checkQuestion(input.userName, input.questionId ?? 0, input.answer ?? '');
      return ok({ token: await issueResetToken(userId) });
    }
    const tenant = await tenantOf(ctx);
    const found = await findUserByName(ctx.db, tenant.id, input.userName);
    const c = found ? await contact(found.id) : undefined;
    const target = input.way === 'phone' ? c?.phone_verified_at && c.phone : c?.email_verified_at && c.email;
    if (!found || !target) {
      throw DomainError.of(
        Codes.VERIFY_FAILED,
        input.way === 'phone' ? '该账号未绑定手机' : '该账号未绑定邮箱',
      );
    }
    if (!input.code) {
      await sendCode(ctx.db, gateway, {
        userId: found.id,
        purpose: 'forgetPassword',
        channel: input.way === 'phone' ? 'sms' : 'mail',
        target,
        nowMs,
      });
      return ok({ sent: true, target: input.way === 'phone' ? maskPhone(target) : maskMail(target) });
    }
    await consumeCode(ctx.db, {
      userId: found.id,
      purpose: 'forgetPassword',
      target,
      code: input.code,
      nowMs,
    });
    return ok({ token: await issueResetToken(found.id) });
  });

  app.post('/users/forgetPasswordReset', limited(10, false), async (request) => {
    const input = parse(ForgetPasswordResetRequest, request.body);
    const nowMs = ctx.clock.now();
    const spent = await queryOne<{ user_id: string }>(
      ctx.db,
      sql`UPDATE password_reset_token SET used_at = ${nowMs}
          WHERE token_hash = ${tokenHash(input.token)} AND used_at IS NULL AND expires_at > ${nowMs}
          RETURNING user_id::text`,
    );
    if (!spent) throw DomainError.of(Codes.VERIFY_FAILED, '验证已过期，请重新找回密码');
    const userId = Number(spent.user_id);
    await updatePasswordHash(ctx.db, userId, await hashPasswordDigest(input.password), nowMs);
    const revoked = await revokeOtherSessions(ctx.db, userId, 0, 'password', nowMs);
    // every signed-in device of the account ends now: cached sessions and open sockets alike
    for (const listener of ctx.onSessionsRevoked) listener(revoked, 'password');
    return ok();
  });
}
