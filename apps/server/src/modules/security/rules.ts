import { BankCardNumber, fieldError, NewSafetyPassword, RealName } from '@lottery/contract/fields';

/**
 * Validation rules of spec/platform.md §5 that concern the wallet and security centre: the
 * contract's field rules (packages/contract/src/fields.ts), which the web forms use too.
 */

export const MSG_SAME_AS_OLD = '新密码与旧密码不能一致';
export const MSG_CONFIRM_MISMATCH = '两次密码输入不一致';

/** The spec's message for a rejected new safety password, or null when acceptable. */
export function safetyPasswordProblem(password: string): string | null {
  return fieldError(NewSafetyPassword, password) ?? null;
}

export function isBankCardNumber(value: string): boolean {
  return BankCardNumber.safeParse(value).success;
}

/** Real name: 2-50 chars of Chinese or Latin letters with middle dots, at most 25 without the dots. */
export function isRealName(value: string): boolean {
  return RealName.safeParse(value).success;
}
