import { randomBytes } from 'node:crypto';
import { Codes } from '@lottery/contract/codes';
import type { SecurityItem } from '@lottery/contract/security';
import { hash, verify } from '@node-rs/argon2';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import {
  findUserById,
  findUserByName,
  hashPasswordDigest,
  revokeOtherSessions,
  updatePasswordHash,
  verifyPasswordDigest,
} from '../auth/index';
import { tenantOf } from '../site/index';
import type { MessageGateway } from './outbox';
import { listPayoutAccounts } from './payout-accounts';
import { isQuestionId, normaliseAnswer } from './questions';
import {
  bindMail,
  bindPhone,
  type ContactRow,
  clearQuestionAttempts,
  contactOf,
  insertResetToken,
  resetTokenUser,
  spendResetToken,
  storeQuestion,
  takeQuestionAttempt,
} from './repo';
import {
  hasSafetyPassword,
  resetSafetyPassword,
  type SafetyUser,
  verifySafetyPassword,
} from './safety-password';
import { sendCode, spendCode } from './verification-codes';

const MINUTE = 60_000;
export const RESET_TOKEN_TTL_MS = 15 * MINUTE;
export const QUESTION_MAX_ATTEMPTS = 5;

export const maskPhone = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;
export const maskMail = (m: string) => {
  const [name = '', domain = ''] = m.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
};

/** The security centre's lines (users/securityList). */
export async function securityList(ctx: AppContext, userId: number): Promise<SecurityItem[]> {
  const c = await contactOf(ctx.db, userId);
  const cards = await listPayoutAccounts(ctx.db, userId, 'bank');
  return [
    {
      key: 'safetyPassword',
      name: '安全密码',
      set: await hasSafetyPassword(ctx.db, userId),
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
  ];
}

/**
 * Changes the safety password proven by the old one, or (forgotten) by the login password digest.
 */
export async function changeSafetyPassword(
  ctx: AppContext,
  user: SafetyUser,
  input: {
    oldSafetyPassword?: string;
    password?: string;
    newSafetyPassword?: string;
    confirmSafetyPassword?: string;
  },
): Promise<void> {
  let loginVerified = false;
  if (!input.oldSafetyPassword) {
    const row = input.password ? await findUserById(ctx.db, user.userId) : undefined;
    if (!row || !(await verifyPasswordDigest(row.passwordHash, input.password!))) {
      throw DomainError.of(Codes.VERIFY_FAILED, '登录密码错误');
    }
    loginVerified = true;
  }
  await resetSafetyPassword(ctx.db, user, input, ctx.clock.now(), loginVerified);
}

/** Sends a code to bind a phone (channel sms) or a mail address; the masked target. */
export async function sendBindCode(
  ctx: AppContext,
  gateway: MessageGateway,
  userId: number,
  way: 'phone' | 'mail',
  target: string,
): Promise<string> {
  await sendCode(ctx.db, gateway, {
    userId,
    purpose: way === 'phone' ? 'bindPhone' : 'bindMail',
    channel: way === 'phone' ? 'sms' : 'mail',
    target,
    nowMs: ctx.clock.now(),
  });
  return way === 'phone' ? maskPhone(target) : maskMail(target);
}

/** Binds the phone or mail its code was sent to: the code spent and the binding in one transaction. */
export async function bindContact(
  ctx: AppContext,
  userId: number,
  way: 'phone' | 'mail',
  target: string,
  code: string,
): Promise<void> {
  const nowMs = ctx.clock.now();
  const purpose = way === 'phone' ? 'bindPhone' : 'bindMail';
  await spendCode(ctx.db, { userId, purpose, target, code, nowMs }, (tx) =>
    way === 'phone' ? bindPhone(tx, userId, target, nowMs) : bindMail(tx, userId, target, nowMs),
  );
}

/** Sets the security question and its answer, proven by the safety password. */
export async function setSafetyQuestion(
  ctx: AppContext,
  user: SafetyUser,
  input: { questionId: number; answer: string; safetyPassword: string },
): Promise<void> {
  if (!isQuestionId(input.questionId)) throw DomainError.of(Codes.INVALID_PARAM, '请选择密保问题');
  await verifySafetyPassword(ctx.db, user, input.safetyPassword, ctx.clock.now());
  const answerHash = await hash(normaliseAnswer(input.answer));
  await ctx.db.transaction((tx) => storeQuestion(tx, user.userId, input.questionId, answerHash));
}

/**
 * Checks an account's security question answer, counting the attempt first (it stays counted
 * when the answer is wrong). A right answer clears the count and issues a reset token, both in
 * one transaction.
 */
export async function answerQuestion(
  ctx: AppContext,
  input: { userName: string; questionId: number; answer: string },
): Promise<string> {
  const tenant = await tenantOf(ctx);
  const found = await findUserByName(ctx.db, tenant.id, input.userName);
  const c = found ? await contactOf(ctx.db, found.id) : undefined;
  if (!found || !c?.answer_hash) throw DomainError.of(Codes.VERIFY_FAILED, '该账号未设置密保问题');
  if (!(await takeQuestionAttempt(ctx.db, found.id, QUESTION_MAX_ATTEMPTS))) {
    throw DomainError.of(Codes.VERIFY_FAILED, '密保验证失败次数过多，请联系客服', 10);
  }
  if (c.question_id !== input.questionId || !(await verify(c.answer_hash, normaliseAnswer(input.answer)))) {
    throw DomainError.of(Codes.VERIFY_FAILED, '密保问题或答案错误');
  }
  return ctx.db.transaction(async (tx) => {
    await clearQuestionAttempts(tx, found.id);
    return issueResetToken(ctx, tx, found.id);
  });
}

/** A one-time login-password reset token for the account (spent by users/forgetPasswordReset). */
export async function issueResetToken(ctx: AppContext, db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(db, token, userId, ctx.clock.now() + RESET_TOKEN_TTL_MS);
  return token;
}

export type ForgetPasswordInput = {
  userName: string;
  way: 'phone' | 'mail' | 'question';
  code?: string;
  questionId?: number;
  answer?: string;
};

/**
 * Forgotten login password, first step: by the security question, or by a code sent to the
 * bound phone or mail (without `code` it is sent; with it, it is spent). A reset token once proven.
 */
export async function forgetPassword(
  ctx: AppContext,
  gateway: MessageGateway,
  input: ForgetPasswordInput,
): Promise<{ token: string } | { sent: boolean; target: string }> {
  if (input.way === 'question') {
    const questionInput = {
      userName: input.userName,
      questionId: input.questionId ?? 0,
      answer: input.answer ?? '',
    };
    return { token: await answerQuestion(ctx, questionInput) };
  }
  const nowMs = ctx.clock.now();
  const tenant = await tenantOf(ctx);
  const found = await findUserByName(ctx.db, tenant.id, input.userName);
  const target = found ? boundTarget(await contactOf(ctx.db, found.id), input.way) : null;
  if (!found || !target) {
    throw DomainError.of(
      Codes.VERIFY_FAILED,
      input.way === 'phone' ? '该账号未绑定手机' : '该账号未绑定邮箱',
    );
  }
  const channel = input.way === 'phone' ? 'sms' : 'mail';
  if (!input.code) {
    await sendCode(ctx.db, gateway, { userId: found.id, purpose: 'forgetPassword', channel, target, nowMs });
    return { sent: true, target: input.way === 'phone' ? maskPhone(target) : maskMail(target) };
  }
  const codeInput = { userId: found.id, purpose: 'forgetPassword' as const, target, code: input.code, nowMs };
  const token = await spendCode(ctx.db, codeInput, (tx) => issueResetToken(ctx, tx, found.id));
  return { token };
}

/** The verified phone or mail address of a contact row, or null. */
function boundTarget(c: ContactRow, way: 'phone' | 'mail'): string | null {
  if (way === 'phone') return c.phone_verified_at ? c.phone : null;
  return c.email_verified_at ? c.email : null;
}

/**
 * Forgotten login password, last step: the token spent, the new password stored and every session
 * of the account revoked, in one transaction (all or nothing); the revocations are announced after.
 */
export async function resetForgottenPassword(
  ctx: AppContext,
  token: string,
  passwordDigest: string,
): Promise<void> {
  const nowMs = ctx.clock.now();
  const expired = () => DomainError.of(Codes.VERIFY_FAILED, '验证已过期，请重新找回密码');
  // A dead token is refused before the (slow) password hash; the spend below re-checks it.
  if ((await resetTokenUser(ctx.db, token, nowMs)) === undefined) throw expired();
  const passwordHash = await hashPasswordDigest(passwordDigest);
  const revoked = await ctx.db.transaction(async (tx) => {
    const userId = await spendResetToken(tx, token, nowMs);
    if (userId === undefined) throw expired();
    await updatePasswordHash(tx, userId, passwordHash, nowMs);
    return revokeOtherSessions(tx, userId, 0, 'password', nowMs);
  });
  // every signed-in device of the account ends now: cached sessions and open sockets alike
  for (const listener of ctx.onSessionsRevoked) listener(revoked, 'password');
}
