import { fieldError, NewSafetyPassword } from '@lottery/contract/fields';

/**
 * Validation rules of spec/platform.md §5 that concern the safety password beyond its field rule
 * (packages/contract/src/fields.ts, which the web forms use too and which holds the other fields).
 */

export const MSG_SAME_AS_OLD = '新密码与旧密码不能一致';
export const MSG_CONFIRM_MISMATCH = '两次密码输入不一致';

/** The spec's message for a rejected new safety password, or null when acceptable. */
export function safetyPasswordProblem(password: string): string | null {
  return fieldError(NewSafetyPassword, password) ?? null;
}
