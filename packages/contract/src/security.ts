import { z } from 'zod';
import { endpoint } from './endpoint';
import { Mail, Phone, UserName } from './fields';
import { serialId } from './ids';

/** Request schemas of the safety-password and security-centre calls (docs/wallet.md). */

const encrypted = z.string().min(20, '请输入安全密码').max(512);

export const SetSafetyPasswordRequest = z.object({
  safetyPassword: encrypted,
  confirmSafetyPassword: encrypted.optional(),
});
export const ResetSafetyPasswordRequest = z.object({
  /** either the current safety password (encrypted) … */
  oldSafetyPassword: encrypted.optional(),
  /** … or, for a forgotten one, the login password digest */
  password: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .optional(),
  newSafetyPassword: encrypted,
  confirmSafetyPassword: encrypted.optional(),
});
export const VERIFY_TYPES = ['safetyPassword', 'bankcard', 'redEnvelope'] as const;
export const VerifySafetyPasswordRequest = z.object({
  safetyPassword: encrypted,
  verifyType: z.enum(VERIFY_TYPES).default('safetyPassword'),
});

/** Phone, mail and account name are the field rules of fields.ts (spec/platform.md §5). */
export const SendPhoneCodeRequest = z.object({ phone: Phone });
export const VerifyPhoneCodeRequest = SendPhoneCodeRequest.extend({
  code: z.string().regex(/^\d{6}$/, '验证码为6位数字'),
});
export const SendMailCodeRequest = z.object({ mail: Mail });
export const VerifyMailCodeRequest = SendMailCodeRequest.extend({
  code: z.string().regex(/^\d{6}$/, '验证码为6位数字'),
});
/** A safety question is an int4 row (ids.ts); past it, as an unknown question. */
const questionId = serialId('请选择密保问题');
export const SetSafetyQuestionRequest = z.object({
  questionId,
  answer: z.string().trim().min(1, '请输入答案').max(50),
  safetyPassword: encrypted,
});
export const VerifySafetyQuestionRequest = z.object({
  userName: UserName,
  questionId,
  answer: z.string().trim().min(1, '请输入答案').max(50),
});
/** forgetPassword: prove ownership with a bound phone or mail code, or the safety question. */
export const ForgetPasswordRequest = z.object({
  userName: UserName,
  way: z.enum(['phone', 'mail', 'question']),
  target: z.string().max(254).optional(),
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  questionId: questionId.optional(),
  answer: z.string().trim().max(50).optional(),
});
export const ForgetPasswordSendRequest = z.object({
  userName: UserName,
  way: z.enum(['phone', 'mail']),
});
export const ForgetPasswordResetRequest = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/),
  /** new login password digest */
  password: z.string().regex(/^[0-9a-f]{64}$/i, '密码格式不正确'),
});

/** One line of the security centre (users/securityList, spec/platform.md §7): set or not, and where to set it. */
export const securityItem = z.object({
  key: z.enum(['safetyPassword', 'phone', 'mail', 'question', 'bankCard', 'loginPassword']),
  name: z.string(),
  set: z.boolean(),
  /** Phone and mail only: the bound value masked (138****5678, ab***@x.com), null when none. */
  value: z.string().nullable().optional(),
  /** The web screen that sets it. */
  route: z.string(),
});
export type SecurityItem = z.infer<typeof securityItem>;

export const safetyQuestion = z.object({ id: z.number().int(), question: z.string() });

/** A one-time login-password reset token (15 minutes), for users/forgetPasswordReset. */
const resetToken = z.object({ token: z.string() });

/**
 * Safety password and security centre calls (spec/platform.md §7 "Account" and "Safety password
 * calls"). Failures answer -1 with the spec's messages; a locked safety password adds data 10.
 */
export const SecurityApi = {
  isChangeSafetyPassword: endpoint({
    method: 'GET',
    path: 'users/isChangeSafetyPassword',
    summary: 'Whether a safety password is set',
    data: z.boolean(),
    login: true,
  }),
  setSafetyPassword: endpoint({
    method: 'POST',
    path: 'users/setSafetyPassword',
    summary: 'Set the first safety password (encrypted, docs/wallet.md §6)',
    request: SetSafetyPasswordRequest,
    login: true,
  }),
  resetSafetyPassword: endpoint({
    method: 'POST',
    path: 'users/resetSafetyPassword',
    summary: 'Change the safety password, proven by the old one or the login password',
    request: ResetSafetyPasswordRequest,
    login: true,
  }),
  verifySafetyPassword: endpoint({
    method: 'POST',
    path: 'users/verifySafetyPassword',
    summary: 'Check the safety password (5 failures lock it for 30 minutes)',
    request: VerifySafetyPasswordRequest,
    login: true,
  }),
  securityList: endpoint({
    method: 'GET',
    path: 'users/securityList',
    summary: 'What is set in the security centre',
    data: z.array(securityItem),
    login: true,
  }),
  sendPhoneCode: endpoint({
    method: 'POST',
    path: 'users/sendPhoneCode',
    summary: 'Send a 6-digit code to bind a phone',
    request: SendPhoneCodeRequest,
    data: z.object({ target: z.string() }),
    login: true,
  }),
  verifyPhoneCode: endpoint({
    method: 'POST',
    path: 'users/verifyPhoneCode',
    summary: 'Bind the phone with its code',
    request: VerifyPhoneCodeRequest,
    data: z.object({ phone: z.string() }),
    login: true,
  }),
  sendMailCode: endpoint({
    method: 'POST',
    path: 'users/sendMailCode',
    summary: 'Send a 6-digit code to bind a mail address',
    request: SendMailCodeRequest,
    data: z.object({ target: z.string() }),
    login: true,
  }),
  verifyMailCode: endpoint({
    method: 'POST',
    path: 'users/verifyMailCode',
    summary: 'Bind the mail address with its code',
    request: VerifyMailCodeRequest,
    data: z.object({ mail: z.string() }),
    login: true,
  }),
  safeQuestionList: endpoint({
    method: 'GET',
    path: 'users/safeQuestionList',
    summary: 'The security questions to choose from',
    data: z.array(safetyQuestion),
  }),
  setSafetyQuestion: endpoint({
    method: 'POST',
    path: 'users/setSafetyQuestion',
    summary: 'Set the security question and answer (needs the safety password)',
    request: SetSafetyQuestionRequest,
    login: true,
  }),
  verifySafetyQuestion: endpoint({
    method: 'POST',
    path: 'users/verifySafetyQuestion',
    summary: 'Answer the security question of an account: a password reset token',
    request: VerifySafetyQuestionRequest,
    data: resetToken,
  }),
  forgetPassword: endpoint({
    method: 'POST',
    path: 'users/forgetPassword',
    summary: 'Forgotten login password: send a code (no code given), or prove ownership for a reset token',
    request: ForgetPasswordRequest,
    data: z.union([resetToken, z.object({ sent: z.boolean(), target: z.string() })]),
  }),
  forgetPasswordReset: endpoint({
    method: 'POST',
    path: 'users/forgetPasswordReset',
    summary: 'Set a new login password with a reset token; every session ends',
    request: ForgetPasswordResetRequest,
  }),
};

/**
 * The client side of the safety-password wire format (docs/wallet.md §6), with WebCrypto so the
 * browser and Node 20 run the same code: base64url(iv ‖ AES-256-GCM(SHA-256(lower(userName)),
 * iv, `${password}|${nowMs}`)). The server accepts it within 5 minutes of `nowMs`.
 */
export async function encryptSafetyPasswordWeb(
  password: string,
  userName: string,
  nowMs: number,
): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const encoder = new TextEncoder();
  const keyBytes = await subtle.digest('SHA-256', encoder.encode(userName.toLowerCase()));
  const key = await subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(`${password}|${nowMs}`)),
  );
  const bytes = new Uint8Array(iv.length + sealed.length);
  bytes.set(iv, 0);
  bytes.set(sealed, iv.length);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
