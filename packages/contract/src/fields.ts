import { z } from 'zod';

/**
 * Field rules of spec/platform.md §5, each defined once with the one message the player sees. The
 * server validates requests with these schemas and every web form checks with the same ones, so a
 * value the page lets through is one the server takes, and the other way round.
 *
 * The spec gives the rules; it gives words only for the safety password. Every other message is
 * ours, kept in FieldMessages and nowhere else.
 *
 * Where the two sides disagreed, the spec decided:
 * - real name (and the depositor's name, which is the real name on the paying account): the web
 *   took spaces, `.` and any letter; the spec ("Chinese or Latin letters with middle dot, at most
 *   25 once dots removed") does not, so "John Smith", "Иван" and 26 Chinese characters are
 *   refused. The middle dot is `·` (U+00B7) or `•` (U+2022), as Chinese keyboards type it; names
 *   already bound with either must keep matching. A name may not start or end with a dot.
 * - user name and nickname: account.ts had its own copies with other messages; these are the ones.
 * - the too-simple safety passwords: one list here (was in the web's safety steps, the server's
 *   security rules and the spec).
 */

export const FieldMessages = {
  userNameRequired: '请输入账号',
  userName: '账号为4-20位字母、数字或下划线',
  loginPasswordRequired: '请输入密码',
  loginPassword: '密码为6-16位字母、数字或!@#$%^&*',
  nickName: '昵称为5-50位字母、数字、下划线或中文',
  phone: '手机号码格式不正确',
  mail: '邮箱格式不正确',
  realNameRequired: '请输入真实姓名',
  realName: '真实姓名格式不正确',
  depositorNameRequired: '请填写存款人姓名',
  depositorName: '存款人姓名格式不正确',
  bankCardRequired: '请输入银行卡号',
  bankCard: '银行卡号须为10-28位数字',
  alipayAccount: '支付宝账号格式不正确',
  wechatAccount: '微信账号格式不正确',
  addressRequired: '请输入钱包地址',
  address: '钱包地址格式不正确',
  /** spec §5: "Safety password: exactly 6 digits" (the words are ours). */
  safetyPassword: '安全密码必须为6位数字',
  /** spec §5, verbatim. */
  safetyPasswordTooSimple: '安全密码不能过于简单，禁止设置为：123456、123123、654321、111111等此类简单密码',
  amountRequired: '请输入金额',
  amount: '金额格式不正确',
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
/** spec §5 "mainland mobile (1[3-9] plus 9 digits)". */
const PHONE_RULE = /^1[3-9]\d{9}$/;
const MAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BANK_CARD_RULE = /^\d{10,28}$/;
/** An Alipay or WeChat account as the player types it: a phone, an e-mail or a WeChat id. */
const WALLET_ACCOUNT_RULE = /^[A-Za-z0-9_.@+-]{4,64}$/;
const PERSON_NAME_RULE = /^[\u4e00-\u9fa5A-Za-z·•]{2,50}$/u;
const NAME_DOTS = /[·•]/gu;
const DOT_AT_EDGE = /^[·•]|[·•]$/u;
const PERSON_NAME_LETTERS_MAX = 25;
const SIX_DIGITS = /^\d{6}$/;
/** Digits with up to 2 decimals; 9 whole digits bound what a form can send. */
const AMOUNT_RULE = /^\d{1,9}(\.\d{1,2})?$/;

/** A string rule whose missing or non-string value gets `message` too (zod's default is English). */
const text = (message: string) => z.string({ error: message });

/** Account name: 4-20 word characters. */
export const UserName = text(FieldMessages.userName)
  .min(1, FieldMessages.userNameRequired)
  .regex(USER_NAME_RULE, FieldMessages.userName);

/** Login password as typed (the wire carries its digest, account.ts). */
export const LoginPassword = text(FieldMessages.loginPassword)
  .min(1, FieldMessages.loginPasswordRequired)
  .regex(LOGIN_PASSWORD_RULE, FieldMessages.loginPassword);

/** Nickname: 5-50 letters, digits, underscore or Chinese. */
export const NickName = text(FieldMessages.nickName).regex(NICK_NAME_RULE, FieldMessages.nickName);

export const Phone = text(FieldMessages.phone).regex(PHONE_RULE, FieldMessages.phone);

export const Mail = text(FieldMessages.mail)
  .max(254, FieldMessages.mail)
  .regex(MAIL_RULE, FieldMessages.mail);

/** spec §5 "Real name 2-50 chars, Chinese or Latin letters with middle dot, at most 25 once dots removed". */
function isPersonName(name: string): boolean {
  return (
    PERSON_NAME_RULE.test(name) &&
    !DOT_AT_EDGE.test(name) &&
    name.replace(NAME_DOTS, '').length <= PERSON_NAME_LETTERS_MAX
  );
}

const personName = (required: string, wrong: string) =>
  text(required).trim().min(1, required).refine(isPersonName, wrong);

/** Real name, trimmed first: 2-50 Chinese or Latin letters with middle dots, at most 25 letters. */
export const RealName = personName(FieldMessages.realNameRequired, FieldMessages.realName);

/** The name on the account a bank transfer comes from: a real name, with its own words. */
export const DepositorName = personName(FieldMessages.depositorNameRequired, FieldMessages.depositorName);

export const BankCardNumber = text(FieldMessages.bankCardRequired)
  .min(1, FieldMessages.bankCardRequired)
  .regex(BANK_CARD_RULE, FieldMessages.bankCard);

export const WALLET_ACCOUNT_KINDS = ['alipay', 'wechat'] as const;
export type WalletAccountKind = (typeof WALLET_ACCOUNT_KINDS)[number];
const WALLET_ACCOUNT_MESSAGES: Record<WalletAccountKind, string> = {
  alipay: FieldMessages.alipayAccount,
  wechat: FieldMessages.wechatAccount,
};

/** An Alipay or WeChat payout account number; the message names the kind. */
export function walletAccountNumber(kind: WalletAccountKind) {
  const message = WALLET_ACCOUNT_MESSAGES[kind];
  return text(message).trim().regex(WALLET_ACCOUNT_RULE, message);
}

export const DIGITAL_PROTOCOLS = ['TRC20', 'ERC20'] as const;
export type DigitalProtocol = (typeof DIGITAL_PROTOCOLS)[number];
const ADDRESS_RULES: Record<DigitalProtocol, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

const NO_ADDRESS = /(?!)/;

export function isDigitalProtocol(protocol: string): protocol is DigitalProtocol {
  return (DIGITAL_PROTOCOLS as readonly string[]).includes(protocol);
}

/** A USDT wallet address in its protocol's form; under a protocol we do not offer, none is valid. */
export function walletAddress(protocol: string) {
  const rule = isDigitalProtocol(protocol) ? ADDRESS_RULES[protocol] : NO_ADDRESS;
  return text(FieldMessages.addressRequired)
    .min(1, FieldMessages.addressRequired)
    .regex(rule, FieldMessages.address);
}

/** Any safety password as typed to confirm an action: six digits. */
export const SafetyPassword = text(FieldMessages.safetyPassword).regex(
  SIX_DIGITS,
  FieldMessages.safetyPassword,
);

/** A safety password being set: six digits, not one of the simple ones. */
export const NewSafetyPassword = SafetyPassword.refine(
  (value) => !SIMPLE_SAFETY_PASSWORDS.has(value),
  FieldMessages.safetyPasswordTooSimple,
);

/** An amount as typed, trimmed: digits with up to 2 decimals (spec §5). Limits are the caller's. */
export const Amount = text(FieldMessages.amountRequired)
  .trim()
  .min(1, FieldMessages.amountRequired)
  .regex(AMOUNT_RULE, FieldMessages.amount);

/** The first message a field rule gives for `value`, or undefined when it passes (for forms). */
export function fieldError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
