import { z } from 'zod';

/**
 * Field rules of spec/platform.md §5, defined once with the messages the player sees. The web
 * forms check with these schemas before sending; the server is to validate with the same ones.
 *
 * Where the two sides disagreed, the spec decided:
 * - real name: the web took spaces and `.`; the server and the spec ("Chinese or Latin letters
 *   with middle dot, at most 25 once dots removed") do not, so "John Smith" is refused. A name
 *   may not start or end with a dot (the server's rule, kept).
 * - the too-simple safety passwords: one list here (was in the web's safety steps, the server's
 *   security rules and the spec).
 */

export const FieldMessages = {
  userNameRequired: '请输入账号',
  userName: '账号为4-20位字母、数字或下划线',
  loginPasswordRequired: '请输入密码',
  loginPassword: '密码为6-16位字母、数字或!@#$%^&*',
  nickName: '昵称为5-50位字母、数字、下划线或中文',
  realNameRequired: '请输入真实姓名',
  realName: '真实姓名格式不正确',
  bankCardRequired: '请输入银行卡号',
  bankCard: '银行卡号须为10-28位数字',
  addressRequired: '请输入钱包地址',
  address: '钱包地址格式不正确',
  safetyPassword: '安全密码必须为6位数字',
  safetyPasswordTooSimple: '安全密码不能过于简单，禁止设置为：123456、123123、654321、111111等此类简单密码',
  amount: '请输入正确的金额',
} as const;

/** The 13 simple safety passwords the spec refuses. */
export const SIMPLE_SAFETY_PASSWORDS: ReadonlySet<string> = new Set([
  '123456',
  '123123',
  '654321',
  ...Array.from({ length: 10 }, (_, d) => String(d).repeat(6)),
]);

const USER_NAME_RULE = /^\w{4,20}$/;
const LOGIN_PASSWORD_RULE = /^[A-Za-z0-9!@#$%^&*]{6,16}$/;
const NICK_NAME_RULE = /^[\w\u4e00-\u9fa5]{5,50}$/;
const BANK_CARD_RULE = /^\d{10,28}$/;
const REAL_NAME_RULE = /^[\u4e00-\u9fa5A-Za-z·•]{2,50}$/u;
const NAME_DOTS = /[·•]/gu;
const SIX_DIGITS = /^\d{6}$/;
const AMOUNT_RULE = /^\d+(\.\d{1,2})?$/;

export const UserName = z
  .string()
  .min(1, FieldMessages.userNameRequired)
  .regex(USER_NAME_RULE, FieldMessages.userName);

export const LoginPassword = z
  .string()
  .min(1, FieldMessages.loginPasswordRequired)
  .regex(LOGIN_PASSWORD_RULE, FieldMessages.loginPassword);

export const NickName = z.string().regex(NICK_NAME_RULE, FieldMessages.nickName);

/** Chinese or Latin letters with middle dots, 2-50 characters, at most 25 letters; trimmed first. */
export const RealName = z
  .string()
  .trim()
  .min(1, FieldMessages.realNameRequired)
  .refine(
    (name) =>
      REAL_NAME_RULE.test(name) && !/^[·•]|[·•]$/u.test(name) && name.replace(NAME_DOTS, '').length <= 25,
    FieldMessages.realName,
  );

export const BankCardNumber = z
  .string()
  .min(1, FieldMessages.bankCardRequired)
  .regex(BANK_CARD_RULE, FieldMessages.bankCard);

export const DIGITAL_PROTOCOLS = ['TRC20', 'ERC20'] as const;
export type DigitalProtocol = (typeof DIGITAL_PROTOCOLS)[number];
const ADDRESS_RULES: Record<DigitalProtocol, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

const NO_ADDRESS = /(?!)/;

/** A USDT wallet address in its protocol's form; under a protocol we do not offer, none is valid. */
export function walletAddress(protocol: string) {
  const rule = ADDRESS_RULES[protocol as DigitalProtocol] ?? NO_ADDRESS;
  return z.string().min(1, FieldMessages.addressRequired).regex(rule, FieldMessages.address);
}

/** Any safety password as typed to confirm an action: six digits. */
export const SafetyPassword = z.string().regex(SIX_DIGITS, FieldMessages.safetyPassword);

/** A safety password being set: six digits, not one of the simple ones. */
export const NewSafetyPassword = SafetyPassword.refine(
  (value) => !SIMPLE_SAFETY_PASSWORDS.has(value),
  FieldMessages.safetyPasswordTooSimple,
);

/** An amount as typed: digits with up to 2 decimals. */
export const Amount = z.string().trim().regex(AMOUNT_RULE, FieldMessages.amount);

/** The first message a field rule gives for `value`, or undefined when it passes (for forms). */
export function fieldError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
