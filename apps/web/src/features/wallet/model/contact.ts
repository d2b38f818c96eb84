import { fieldError } from '@lottery/contract/fields';
import { SendMailCodeRequest, SendPhoneCodeRequest } from '@lottery/contract/security';

/**
 * The contact a player binds on /setphone or /setMail, checked with the contract's own rules (the
 * server refuses the same values with the same words): a mainland mobile is 1[3-9] plus 9 digits
 * (spec/platform.md §5), an e-mail is name@domain.tld.
 */
export type ContactKind = 'phone' | 'mail';

export const CONTACT_TEXT = {
  phoneRequired: '请输入手机号码',
  mailRequired: '请输入邮箱地址',
} as const;

/** Why `value` cannot receive a code, or undefined when it can. */
export function contactError(kind: ContactKind, value: string): string | undefined {
  if (kind === 'phone') {
    if (!value) return CONTACT_TEXT.phoneRequired;
    return fieldError(SendPhoneCodeRequest.shape.phone, value);
  }
  if (!value) return CONTACT_TEXT.mailRequired;
  return fieldError(SendMailCodeRequest.shape.mail, value);
}

/** What the field keeps of typed text: a phone keeps its first 11 digits, a mail drops spaces. */
export function cleanContact(kind: ContactKind, typed: string): string {
  return kind === 'phone' ? typed.replace(/\D/g, '').slice(0, 11) : typed.trim();
}
