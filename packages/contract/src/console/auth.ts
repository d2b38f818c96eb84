import { z } from 'zod';
import { consoleEndpoint } from './endpoint';
import { ALL_PERMISSIONS, type Permission, STAFF_ROLES } from './roles';

/**
 * Staff sign-in (issue 40 §2). Two factors for every staff account: a password (argon2id on the
 * server) and a TOTP code (RFC 6238: SHA-1, 6 digits, 30 s steps, one step either side accepted,
 * a code used once), or one of ten recovery codes (each used once).
 *
 *   new staff:   `npm run admin -- staff-create NAME --role R` (or staff/create) prints the link
 *                /console/enrol?token=T → enrol/check (shows the account) → enrol/password
 *                → { step: 'enrol', ticket, secret, otpauthUrl } → the console draws the QR (uqr)
 *                → enrol/confirm { ticket, code } → 10 recovery codes, shown once; signed in.
 *   sign-in:     sign-in { account, password } → { step: 'totp', ticket }
 *                → sign-in/verify { ticket, code: TOTP or recovery code } → signed in.
 *                An account without TOTP yet (new, or its second factor reset) gets
 *                { step: 'enrol', ... } instead and finishes with enrol/confirm.
 *
 * The ticket lives 5 minutes and serves one sign-in. The password goes to the server as typed
 * (over TLS): the server checks its strength and stores only argon2id of it.
 */

export const StaffMessages = {
  account: '账号为3-32位小写字母、数字或 _ . -，以字母开头',
  password: '密码为10-64位，须同时包含字母和数字',
  totp: '请输入6位动态验证码',
  secondFactor: '请输入6位动态验证码或恢复码',
  ticket: '登录步骤已过期，请重新登录',
  token: '链接无效或已过期',
  reason: '请填写原因（最多200字）',
} as const;
const M = StaffMessages;

export const TICKET_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

/** A staff account name: lower case, so `Alice` and `alice` are one account. */
export const StaffAccount = z
  .string({ error: M.account })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_.-]{2,31}$/, M.account);

/** Stronger than a player's (6-16): 10-64 characters with a letter and a digit. */
export const StaffPassword = z
  .string({ error: M.password })
  .min(10, M.password)
  .max(64, M.password)
  .regex(/[A-Za-z]/, M.password)
  .regex(/\d/, M.password)
  .regex(/^[\x21-\x7e]+$/, M.password);

export const TotpCode = z
  .string({ error: M.totp })
  .trim()
  .regex(/^\d{6}$/, M.totp);

/** Recovery codes as shown: `xxxxx-xxxxx` of RECOVERY_ALPHABET; typed with or without the dash, any case. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE = /^[a-hjkmnp-z2-9]{5}-?[a-hjkmnp-z2-9]{5}$/;

/** The second step's code: six digits are a TOTP code, anything of the recovery form a recovery code. */
export const SecondFactorCode = z
  .string({ error: M.secondFactor })
  .trim()
  .toLowerCase()
  .refine((s) => /^\d{6}$/.test(s) || RECOVERY_CODE.test(s), M.secondFactor);

const Ticket = z.string({ error: M.ticket }).regex(/^[A-Za-z0-9_-]{20,64}$/, M.ticket);
const EnrolToken = z.string({ error: M.token }).regex(/^[A-Za-z0-9_-]{20,64}$/, M.token);

/**
 * The server records a session's use at most this often: after a call other than `me`, the
 * session may end up to this much sooner than idleTimeoutMs later. The console's idle warning
 * allows for it.
 */
export const SESSION_USE_RECORDED_EVERY_MS = 30 * 1000;

/** Who is signed in, and the session rules the console shows (and times its idle warning by). */
export const ConsoleMe = z.object({
  staffId: z.number().int(),
  account: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]])),
  /** Idle timeout (CONSOLE_IDLE_MINUTES) in ms: a session unused this long ends. */
  idleTimeoutMs: z.number().int(),
  /**
   * Epoch ms at which the session ends unless another call comes first. A reply carrying `me` is
   * itself use (sign-in opens the session, `me` records its use), so this is the server's time of
   * the reply plus idleTimeoutMs: `idleExpiresAt - idleTimeoutMs` reads the server's clock.
   */
  idleExpiresAt: z.number().int(),
  /** Epoch ms at which the session ends whatever (12 hours after sign-in). */
  sessionExpiresAt: z.number().int(),
});
export type ConsoleMe = z.infer<typeof ConsoleMe>;

/** What the password step answers: a code is needed, or TOTP must be enrolled first. */
export const SignInStep = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp'), ticket: z.string(), ticketExpiresAt: z.number().int() }),
  z.object({
    step: z.literal('enrol'),
    ticket: z.string(),
    ticketExpiresAt: z.number().int(),
    /** Base32 TOTP secret, for typing into an app by hand. */
    secret: z.string(),
    /** otpauth://totp/...: the console draws it as a QR code. */
    otpauthUrl: z.string(),
  }),
]);
export type SignInStep = z.infer<typeof SignInStep>;

export const SignInRequest = z.object({ account: StaffAccount, password: z.string().min(1).max(64) });
export const SignInVerifyRequest = z.object({ ticket: Ticket, code: SecondFactorCode });
export const EnrolCheckRequest = z.object({ token: EnrolToken });
export const EnrolPasswordRequest = z.object({ token: EnrolToken, password: StaffPassword });
export const EnrolConfirmRequest = z.object({ ticket: Ticket, code: TotpCode });
export const EnrolConfirmData = z.object({
  /** Shown once; the server keeps only their hashes. */
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
  me: ConsoleMe,
});

export type SignInRequest = z.infer<typeof SignInRequest>;
export type SignInVerifyRequest = z.infer<typeof SignInVerifyRequest>;
export type EnrolPasswordRequest = z.infer<typeof EnrolPasswordRequest>;
export type EnrolConfirmRequest = z.infer<typeof EnrolConfirmRequest>;

export const ConsoleAuthApi = {
  signIn: consoleEndpoint({
    method: 'POST',
    path: 'sign-in',
    summary: 'Staff sign-in, step 1: account and password',
    access: 'public',
    request: SignInRequest,
    data: SignInStep,
  }),
  signInVerify: consoleEndpoint({
    method: 'POST',
    path: 'sign-in/verify',
    summary: 'Staff sign-in, step 2: TOTP or recovery code; sets the staff_session cookie',
    access: 'public',
    request: SignInVerifyRequest,
    data: ConsoleMe,
  }),
  enrolCheck: consoleEndpoint({
    method: 'GET',
    path: 'enrol/check',
    summary: 'The account an enrolment link is for (the link stays usable)',
    access: 'public',
    request: EnrolCheckRequest,
    data: z.object({ account: z.string(), role: z.enum(STAFF_ROLES) }),
  }),
  enrolPassword: consoleEndpoint({
    method: 'POST',
    path: 'enrol/password',
    summary: 'Enrolment link: set the password (uses the link up), then enrol TOTP',
    access: 'public',
    request: EnrolPasswordRequest,
    data: SignInStep,
  }),
  enrolConfirm: consoleEndpoint({
    method: 'POST',
    path: 'enrol/confirm',
    summary: 'First TOTP code: enrols the secret, returns the recovery codes, signs in',
    access: 'public',
    request: EnrolConfirmRequest,
    data: EnrolConfirmData,
  }),
  signOut: consoleEndpoint({
    method: 'POST',
    path: 'sign-out',
    summary: 'End this staff session',
    access: 'public',
  }),
  me: consoleEndpoint({
    method: 'GET',
    path: 'me',
    summary: 'The signed-in staff member, role and permissions; records the session as used',
    access: 'staff',
    data: ConsoleMe,
  }),
} as const;
