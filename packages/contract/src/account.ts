import { z } from 'zod';
import { Messages } from './codes';
import { endpoint } from './endpoint';

/** Account API (base /v1/users). Request schemas are the server's validation; data schemas the replies. */

/** Account name: 4-20 word characters (spec/platform.md §5). Stored and compared lower-cased. */
export const userNameSchema = z
  .string({ error: Messages.userNameRule })
  .regex(/^\w{4,20}$/, Messages.userNameRule);
/** Password on the wire: hex(sha256(hex(sha256(lower(userName))) + hex(sha256(password)))). */
export const passwordDigestSchema = z
  .string({ error: Messages.passwordDigestRule })
  .regex(/^[0-9a-fA-F]{64}$/, Messages.passwordDigestRule)
  .transform((s) => s.toLowerCase());
/** Nickname: 5-50 characters of letters, digits, underscore or Chinese. */
export const nickNameSchema = z
  .string({ error: Messages.nickNameRule })
  .regex(/^[A-Za-z0-9_\u4e00-\u9fa5]{5,50}$/, Messages.nickNameRule);

/** 0 female, 1 male, 2 secret. */
export const genderSchema = z.coerce
  .number({ error: Messages.genderRule })
  .int(Messages.genderRule)
  .min(0, Messages.genderRule)
  .max(2, Messages.genderRule);

const optionalText = z
  .string()
  .optional()
  .transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim()));

export const loginRequest = z.object({
  userName: userNameSchema,
  password: passwordDigestSchema,
  random: z.string().max(200).optional(),
  imageCode: optionalText,
  imageCodeKey: optionalText,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z.object({
  userName: userNameSchema,
  password: passwordDigestSchema,
  inviteCode: optionalText,
  imageCode: optionalText,
  imageCodeKey: optionalText,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const checkUserRequest = z.object({ userName: userNameSchema });
export const checkInviteCodeRequest = z.object({
  inviteCode: z.string().trim().min(1, Messages.inviteCodeRequired).max(32),
});

export const infoUpdateRequest = z.object({
  nickName: nickNameSchema.optional(),
  gender: genderSchema.optional(),
  avatar: z.string().max(300).optional(),
});
export type InfoUpdateRequest = z.infer<typeof infoUpdateRequest>;

export const resetPasswordRequest = z.object({
  oldPassword: passwordDigestSchema,
  newPassword: passwordDigestSchema,
});

export const verifyPasswordRequest = z.object({
  password: passwordDigestSchema,
  random: z.string().max(200).optional(),
});

export const userInfo = z.object({
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  /** 0 female, 1 male, 2 secret. */
  gender: z.number().int(),
  grade: z.number().int(),
  gradeName: z.string(),
  isAgent: z.boolean(),
  /** Rebate point as a decimal string, e.g. "7.5". */
  rebate: z.string(),
  inviteCode: z.string().optional(),
  userHasSafetyPassword: z.boolean(),
  isChangeSaferyPassword: z.boolean(),
  userHasDigitalPay: z.boolean(),
  rebateupdatedAt: z.number(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const registerVerify = z.object({
  imageCode: z.boolean(),
  inviteCode: z.enum(['required', 'optional', 'off']),
});
export type RegisterVerify = z.infer<typeof registerVerify>;

export const imageCodeData = z.object({ key: z.string(), image: z.string() });
export type ImageCodeData = z.infer<typeof imageCodeData>;

export const checkUserData = z.object({ exists: z.boolean() });
export const checkInviteCodeData = z.object({ valid: z.boolean() });

/** Grade labels of spec/platform.md §3. */
export const GRADE_NAMES: Readonly<Record<number, string>> = {
  [-1]: '测试组',
  [-2]: '游客',
  1: '青铜',
  2: '白银',
  3: '黄金',
  4: '铂金',
  5: '钻石',
  6: '水晶',
  7: '皇冠',
  8: '星耀',
  9: '王者',
  10: '彩神',
  100: '管理',
};

export function gradeName(grade: number): string {
  return GRADE_NAMES[grade] ?? `VIP${grade}`;
}

/**
 * Account calls (spec/platform.md §7 "Account", base /v1/users): request schemas above validate,
 * data schemas serialise the code-1 reply.
 */
export const AccountApi = {
  isLogin: endpoint({
    method: 'GET',
    path: 'users/isLogin',
    summary: 'Whether the session cookie is logged in',
    data: z.boolean(),
  }),
  login: endpoint({
    method: 'POST',
    path: 'users/login',
    summary: 'Log in; sets the sid cookie',
    request: loginRequest,
    data: userInfo,
  }),
  logout: endpoint({ method: 'POST', path: 'users/logout', summary: 'Log out; revokes the session' }),
  register: endpoint({
    method: 'POST',
    path: 'users/register',
    summary: 'Register and log in',
    request: registerRequest,
    data: userInfo,
  }),
  checkUser: endpoint({
    method: 'GET',
    path: 'users/checkUser',
    summary: 'Is the account name taken',
    request: checkUserRequest,
    data: checkUserData,
  }),
  checkInviteCode: endpoint({
    method: 'GET',
    path: 'users/checkInviteCode',
    summary: 'Is the invite code valid',
    request: checkInviteCodeRequest,
    data: checkInviteCodeData,
  }),
  getRegisterVerifyFront: endpoint({
    method: 'GET',
    path: 'users/getRegisterVerifyFront',
    summary: 'What registration needs (captcha, invite code)',
    data: registerVerify,
  }),
  imageCode: endpoint({
    method: 'GET',
    path: 'users/imageCode',
    summary: 'A PNG captcha (4 digits, 5 minutes, one use)',
    data: imageCodeData,
  }),
  info: endpoint({
    method: 'GET',
    path: 'users/info',
    summary: 'The logged-in user',
    data: userInfo,
    login: true,
  }),
  infoUpdate: endpoint({
    method: 'POST',
    path: 'users/infoUpdate',
    summary: 'Change nickname, gender or avatar',
    request: infoUpdateRequest,
    data: userInfo,
    login: true,
  }),
  defaultAvatar: endpoint({
    method: 'GET',
    path: 'users/defaultAvatar',
    summary: 'Avatar image URLs to choose from',
    data: z.array(z.string()),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'users/resetPassword',
    summary: 'Change the login password; revokes other sessions',
    request: resetPasswordRequest,
    login: true,
  }),
  verifyPassword: endpoint({
    method: 'POST',
    path: 'users/verifyPassword',
    summary: 'Check the login password (code 1 or -1)',
    request: verifyPasswordRequest,
    login: true,
  }),
};
