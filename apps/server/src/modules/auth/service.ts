import {
  gradeName,
  type InfoUpdateRequest,
  type LoginRequest,
  type NewRegisterVerify,
  type RegisterRequest,
  type RegisterTypeData,
  type RegisterVerify,
  type UserInfo,
} from '@lottery/contract/account';
import { Codes, Messages } from '@lottery/contract/codes';
import { FieldMessages } from '@lottery/contract/fields';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import type { Tenant } from '../site/index';
import { tenantOf } from '../site/index';
import { DEFAULT_AVATARS } from './avatars';
import { consumeCaptcha } from './captcha';
import { dummyPasswordHash, hashPasswordDigest, verifyPasswordDigest } from './password';
import {
  findInviteCode,
  findUserById,
  findUserByName,
  firstInviteCodeOf,
  insertUser,
  recordLoginFailure,
  recordLoginSuccess,
  type UserRow,
  updatePasswordHash,
  updateProfile,
} from './repo';
import { createSession, revokeOtherSessions, revokeSession } from './session-repo';

/** Consecutive wrong passwords before the account locks, and for how long. */
export const MAX_LOGIN_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;

export async function userInfoOf(ctx: AppContext, user: UserRow): Promise<UserInfo> {
  const [inviteCode, flags] = await Promise.all([
    user.isAgent ? firstInviteCodeOf(ctx.db, user.id) : undefined,
    ctx.userFlags(ctx.db, user.id),
  ]);
  return {
    userId: user.id,
    userName: user.userName,
    nickName: user.nickName,
    avatar: user.avatar,
    gender: user.gender,
    grade: user.grade,
    gradeName: gradeName(user.grade),
    isAgent: user.isAgent,
    rebate: trimDecimal(user.rebate),
    ...(inviteCode ? { inviteCode } : {}),
    userHasSafetyPassword: flags.userHasSafetyPassword,
    // The web reads this flag as "has a safety password to change" (security area's isChangeSafetyPassword).
    isChangeSaferyPassword: flags.userHasSafetyPassword,
    userHasDigitalPay: flags.userHasDigitalPay,
    rebateupdatedAt: user.rebateUpdatedAt,
  };
}

export function registerVerifyOf(tenant: Tenant): RegisterVerify {
  return { imageCode: tenant.registerImageCode, inviteCode: tenant.registerInviteCode };
}

/** getNewRegisterVerifyFront: the tenant's register checks plus the spec's field rules (§5). */
export function newRegisterVerifyOf(tenant: Tenant): NewRegisterVerify {
  return {
    ...registerVerifyOf(tenant),
    userNameRule: FieldMessages.userName,
    passwordRule: FieldMessages.loginPassword,
    userNameMin: 4,
    userNameMax: 20,
    passwordMin: 6,
    passwordMax: 16,
    confirmPassword: true,
  };
}

/** getRegisterTypeFront: registration is by account name only (no phone or e-mail sign-up exists). */
export const REGISTER_TYPES: RegisterTypeData = {
  defaultType: 'account',
  types: [
    { type: 'account', name: '账号注册', enabled: true },
    { type: 'phone', name: '手机注册', enabled: false },
    { type: 'email', name: '邮箱注册', enabled: false },
  ],
};

interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The web app's device id (routes.ts `deviceIdOf`): recorded on the session for the players desk. */
  deviceId: string | null;
}

async function checkImageCode(
  ctx: AppContext,
  key: string | undefined,
  answer: string | undefined,
): Promise<void> {
  if (!key || !answer) throw DomainError.of(Codes.INVALID_PARAM, Messages.imageCodeRequired);
  if (!(await consumeCaptcha(ctx.db, key, answer, ctx.clock.now()))) {
    throw DomainError.of(Codes.INVALID_PARAM, Messages.imageCodeWrong);
  }
}

export async function login(
  ctx: AppContext,
  tenant: Tenant,
  input: LoginRequest,
  client: ClientInfo,
): Promise<{ token: string; info: UserInfo }> {
  const now = ctx.clock.now();
  if (input.imageCode || input.imageCodeKey) await checkImageCode(ctx, input.imageCodeKey, input.imageCode);
  const user = await findUserByName(ctx.db, tenant.id, input.userName);
  if (!user) {
    await verifyPasswordDigest(await dummyPasswordHash(), input.password);
    throw DomainError.of(Codes.VERIFY_FAILED, Messages.loginFailed);
  }
  if (isLocked(user, now)) throw lockedError(user.lockedUntil!, now);
  // The argon2 check runs outside any lock; its verdict is applied by one conditional statement
  // (recordLoginFailure / recordLoginSuccess) that also re-checks the lock, so parallel guesses
  // are counted exactly and a right password never passes a lock set meanwhile.
  const right = await verifyPasswordDigest(user.passwordHash, input.password);
  if (right && user.status === 'disabled') throw DomainError.of(Codes.ACCOUNT_DISABLED);
  if (right && user.status === 'frozen') throw DomainError.of(Codes.ACCOUNT_FROZEN);
  if (!right) await refuseLogin(ctx, user.id, right, now);
  // The sign-in recorded and its session created together, or neither.
  const token = await ctx.db.transaction(async (tx) =>
    (await recordLoginSuccess(tx, user, client.ip, now))
      ? createSession(tx, { tenantId: tenant.id, userId: user.id, ...client, now })
      : undefined,
  );
  if (token === undefined) return refuseLogin(ctx, user.id, right, now);
  return { token, info: await userInfoOf(ctx, user) };
}

const isLocked = (user: { lockedUntil: number | null }, now: number) =>
  user.lockedUntil !== null && user.lockedUntil > now;

function lockedError(lockedUntil: number, now: number): DomainError {
  return DomainError.of(
    Codes.ACCOUNT_LOCKED,
    // capped: a lock set by a parallel attempt stamped a little later must not read one minute more
    Messages.accountLocked(Math.min(LOCK_MS / 60_000, Math.max(1, Math.ceil((lockedUntil - now) / 60_000)))),
  );
}

/**
 * A refused sign-in: a wrong password is counted (the one that reaches MAX_LOGIN_FAILURES is still
 * answered as wrong and locks the account for the next attempts); a right one that met a lock
 * set meanwhile is answered as locked, and one whose password changed meanwhile as wrong.
 */
async function refuseLogin(ctx: AppContext, userId: number, right: boolean, now: number): Promise<never> {
  if (!right) {
    const counted = await recordLoginFailure(ctx.db, userId, now, MAX_LOGIN_FAILURES, now + LOCK_MS);
    if (counted) throw DomainError.of(Codes.VERIFY_FAILED, Messages.loginFailed);
  }
  const current = await findUserById(ctx.db, userId);
  if (current && isLocked(current, now)) throw lockedError(current.lockedUntil!, now);
  throw DomainError.of(Codes.VERIFY_FAILED, Messages.loginFailed);
}

export async function register(
  ctx: AppContext,
  tenant: Tenant,
  input: RegisterRequest,
  client: ClientInfo,
): Promise<{ token: string; info: UserInfo }> {
  const now = ctx.clock.now();
  const verify = registerVerifyOf(tenant);
  if (verify.imageCode) await checkImageCode(ctx, input.imageCodeKey, input.imageCode);
  let invite: Awaited<ReturnType<typeof findInviteCode>> | undefined;
  if (verify.inviteCode !== 'off') {
    if (!input.inviteCode) {
      if (verify.inviteCode === 'required')
        throw DomainError.of(Codes.INVALID_PARAM, Messages.inviteCodeRequired);
    } else {
      invite = await findInviteCode(ctx.db, tenant.id, input.inviteCode);
      if (!invite) throw DomainError.of(Codes.INVALID_PARAM, Messages.inviteCodeInvalid);
    }
  }
  if (await findUserByName(ctx.db, tenant.id, input.userName)) {
    throw DomainError.of(Codes.INVALID_PARAM, Messages.userNameTaken);
  }
  const passwordHash = await hashPasswordDigest(input.password);
  // The account and its first session together: a failed session leaves no account behind.
  const created = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      tenantId: tenant.id,
      userName: input.userName,
      passwordHash,
      avatar: DEFAULT_AVATARS[0],
      parentId: invite?.agentId ?? null,
      rebate: invite?.rebate ?? '0',
      isAgent: invite?.codeType === 1,
      role: invite?.codeType === 1 ? 'agent' : 'player',
      grade: 1,
      registerIp: client.ip,
      inviteCodeId: invite?.id ?? null,
      signedIn: true,
      now,
    });
    if (!user) throw DomainError.of(Codes.INVALID_PARAM, Messages.userNameTaken);
    return { user, token: await createSession(tx, { tenantId: tenant.id, userId: user.id, ...client, now }) };
  });
  return { token: created.token, info: await userInfoOf(ctx, created.user) };
}

export async function isUserNameTaken(ctx: AppContext, userName: string): Promise<boolean> {
  const tenant = await tenantOf(ctx);
  return (await findUserByName(ctx.db, tenant.id, userName)) !== undefined;
}

export async function isInviteCodeValid(ctx: AppContext, inviteCode: string): Promise<boolean> {
  const tenant = await tenantOf(ctx);
  return (await findInviteCode(ctx.db, tenant.id, inviteCode)) !== undefined;
}

export async function currentUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw DomainError.of(Codes.SESSION_EXPIRED);
  return user;
}

export async function updateInfo(
  ctx: AppContext,
  userId: number,
  input: InfoUpdateRequest,
): Promise<UserInfo> {
  // a default picture, or the current one (an own picture from users/uploadImage, sent back unchanged)
  if (
    input.avatar !== undefined &&
    !DEFAULT_AVATARS.includes(input.avatar) &&
    input.avatar !== (await currentUser(ctx, userId)).avatar
  ) {
    throw DomainError.of(Codes.INVALID_PARAM, Messages.avatarRule);
  }
  await updateProfile(ctx.db, userId, {
    ...(input.nickName !== undefined ? { nickName: input.nickName } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
  });
  return userInfoOf(ctx, await currentUser(ctx, userId));
}

export async function resetPassword(
  ctx: AppContext,
  session: { userId: number; sessionId: number },
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const user = await currentUser(ctx, session.userId);
  if (!(await verifyPasswordDigest(user.passwordHash, oldPassword))) {
    throw DomainError.of(Codes.VERIFY_FAILED, Messages.oldPasswordWrong);
  }
  // Digests are hex: the same password may arrive in either case, and must still count as the same.
  if (oldPassword.toLowerCase() === newPassword.toLowerCase()) {
    throw DomainError.of(Codes.INVALID_PARAM, Messages.newPasswordSame);
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPasswordDigest(newPassword);
  // The new password and the end of the other sessions together, announced once committed.
  const revoked = await ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash, now);
    return revokeOtherSessions(tx, user.id, session.sessionId, 'password', now);
  });
  announceRevoked(ctx, revoked, 'password');
}

export async function logout(ctx: AppContext, sessionId: number): Promise<void> {
  announceRevoked(ctx, await revokeSession(ctx.db, sessionId, 'logout', ctx.clock.now()), 'logout');
}

function announceRevoked(ctx: AppContext, sessionIds: number[], reason: 'logout' | 'password'): void {
  if (sessionIds.length === 0) return;
  for (const listener of ctx.onSessionsRevoked) listener(sessionIds, reason);
}

export async function verifyPassword(ctx: AppContext, userId: number, digest: string): Promise<void> {
  const user = await currentUser(ctx, userId);
  if (!(await verifyPasswordDigest(user.passwordHash, digest))) {
    throw DomainError.of(Codes.VERIFY_FAILED, Codes.VERIFY_FAILED.msg);
  }
}

/** A numeric column as the spec shows it: '7.50' -> '7.5', '0.00' -> '0' (text only, no float). */
function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
