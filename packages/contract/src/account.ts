import { z } from 'zod';
import { Messages } from './codes';
import { endpoint } from './endpoint';
import { FieldMessages, NickName, UserName } from './fields';

/**
 * Account API (base /v1/users). Request schemas are the server's validation; data schemas the replies.
 * Account names and nicknames follow the field rules of fields.ts (spec/platform.md §5); account
 * names are stored and compared lower-cased.
 */

/** Password on the wire: hex(sha256(hex(sha256(lower(userName))) + hex(sha256(password)))). */
export const passwordDigestSchema = z
  .string({ error: Messages.passwordDigestRule })
  .regex(/^[0-9a-fA-F]{64}$/, Messages.passwordDigestRule)
  .transform((s) => s.toLowerCase());

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
  userName: UserName,
  password: passwordDigestSchema,
  random: z.string().max(200).optional(),
  imageCode: optionalText,
  imageCodeKey: optionalText,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z.object({
  userName: UserName,
  password: passwordDigestSchema,
  inviteCode: optionalText,
  imageCode: optionalText,
  imageCodeKey: optionalText,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const checkUserRequest = z.object({ userName: UserName });
export const checkInviteCodeRequest = z.object({
  inviteCode: z.string().trim().min(1, Messages.inviteCodeRequired).max(32),
});

export const infoUpdateRequest = z.object({
  nickName: NickName.optional(),
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

/** users/checkOldNewUser: `userName` optional; without it the logged-in caller is meant. */
export const checkOldNewUserRequest = z.object({ userName: UserName.optional() });
/** Days after registration an account without a paid deposit still counts as new. */
export const NEW_USER_DAYS = 7;
export const checkOldNewUserData = z.object({
  exists: z.boolean(),
  /** 1 new (registered within NEW_USER_DAYS and never deposited), 0 old; 0 when `exists` is false. */
  isNewUser: z.union([z.literal(0), z.literal(1)]),
});
export type CheckOldNewUserData = z.infer<typeof checkOldNewUserData>;

/** users/userExperienceData: the VIP growth figures of the user centre (docs/vip.md). */
export const userExperienceData = z.object({
  grade: z.number().int(),
  gradeName: z.string(),
  /** Growth (experience) in yuan: settled turnover + deposits. */
  experience: z.string(),
  turnover: z.string(),
  deposit: z.string(),
  nextGrade: z.number().int().nullable(),
  nextGradeName: z.string().nullable(),
  /** Growth the next grade needs in total, and what is still missing. */
  nextExperience: z.string().nullable(),
  needExperience: z.string().nullable(),
  /** 0-100 between this grade's threshold and the next. */
  progress: z.number().int(),
  /** Upgrade bonuses reached but not yet claimed. */
  claimableAmount: z.string(),
});
export type UserExperienceData = z.infer<typeof userExperienceData>;

/** users/getNewRegisterVerifyFront: everything the register form checks, rules included. */
export const newRegisterVerify = registerVerify.extend({
  /** The spec's field rules (§5), as the form shows them (FieldMessages). */
  userNameRule: z.literal(FieldMessages.userName),
  passwordRule: z.literal(FieldMessages.loginPassword),
  userNameMin: z.number().int(),
  userNameMax: z.number().int(),
  passwordMin: z.number().int(),
  passwordMax: z.number().int(),
  /** A confirm-password field is part of the form. */
  confirmPassword: z.boolean(),
});
export type NewRegisterVerify = z.infer<typeof newRegisterVerify>;

/** users/getRegisterTypeFront: the ways to register. Only account-name registration exists. */
export const registerTypeData = z.object({
  defaultType: z.literal('account'),
  types: z.array(
    z.object({ type: z.enum(['account', 'phone', 'email']), name: z.string(), enabled: z.boolean() }),
  ),
});
export type RegisterTypeData = z.infer<typeof registerTypeData>;

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
  getNewRegisterVerifyFront: endpoint({
    method: 'GET',
    path: 'users/getNewRegisterVerifyFront',
    summary: 'What registration needs, with the field rules the form checks',
    data: newRegisterVerify,
  }),
  getRegisterTypeFront: endpoint({
    method: 'GET',
    path: 'users/getRegisterTypeFront',
    summary: 'The ways to register (account name only)',
    data: registerTypeData,
  }),
  checkOldNewUser: endpoint({
    method: 'GET',
    path: 'users/checkOldNewUser',
    summary: 'Whether the caller (or userName) is a new user: registered < 7 days and never deposited',
    request: checkOldNewUserRequest,
    data: checkOldNewUserData,
  }),
  userExperienceData: endpoint({
    method: 'GET',
    path: 'users/userExperienceData',
    summary: 'VIP grade, growth (experience) and progress to the next grade',
    data: userExperienceData,
    login: true,
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
