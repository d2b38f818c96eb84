/** Validation rules of spec/platform.md §5 that concern the wallet and security centre. */

export const SIMPLE_SAFETY_PASSWORDS = new Set([
  '123456',
  '123123',
  '654321',
  '111111',
  '222222',
  '333333',
  '444444',
  '555555',
  '666666',
  '777777',
  '888888',
  '999999',
  '000000',
]);

export const MSG_SAFETY_FORMAT = '安全密码必须为6位数字';
export const MSG_SAFETY_SIMPLE =
  '安全密码不能过于简单，禁止设置为：123456、123123、654321、111111等此类简单密码';
export const MSG_SAME_AS_OLD = '新密码与旧密码不能一致';
export const MSG_CONFIRM_MISMATCH = '两次密码输入不一致';

/** The spec's message for a rejected new safety password, or null when acceptable. */
export function safetyPasswordProblem(password: string): string | null {
  if (!/^\d{6}$/.test(password)) return MSG_SAFETY_FORMAT;
  if (SIMPLE_SAFETY_PASSWORDS.has(password)) return MSG_SAFETY_SIMPLE;
  return null;
}

export function isBankCardNumber(value: string): boolean {
  return /^\d{10,28}$/.test(value);
}

export function isMainlandMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value);
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** Real name: 2-50 chars of Chinese or Latin letters with middle dots, at most 25 without the dots. */
export function isRealName(value: string): boolean {
  if (value.length < 2 || value.length > 50) return false;
  if (!/^[\u4e00-\u9fa5A-Za-z·•]+$/u.test(value)) return false;
  if (/^[·•]|[·•]$/u.test(value)) return false;
  return value.replace(/[·•]/gu, '').length <= 25;
}
