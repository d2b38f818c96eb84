/** Account rules of spec/platform.md §5, with the messages the forms show. */

export const ACCOUNT_RULE = /^\w{4,20}$/;
export const PASSWORD_RULE = /^[A-Za-z0-9!@#$%^&*]{6,16}$/;
export const NICKNAME_RULE = /^[\w\u4e00-\u9fa5]{5,50}$/;

export const VALIDATION_TEXT = {
  accountRequired: '请输入账号',
  account: '账号为4-20位字母、数字或下划线',
  passwordRequired: '请输入密码',
  password: '密码为6-16位字母、数字或!@#$%^&*',
  nickname: '昵称为5-50位字母、数字、下划线或中文',
  imageCodeRequired: '请输入验证码',
  inviteCodeRequired: '请输入邀请码',
} as const;

export function accountError(value: string): string | undefined {
  if (!value) return VALIDATION_TEXT.accountRequired;
  return ACCOUNT_RULE.test(value) ? undefined : VALIDATION_TEXT.account;
}

export function passwordError(value: string): string | undefined {
  if (!value) return VALIDATION_TEXT.passwordRequired;
  return PASSWORD_RULE.test(value) ? undefined : VALIDATION_TEXT.password;
}

export function nicknameError(value: string): string | undefined {
  return NICKNAME_RULE.test(value) ? undefined : VALIDATION_TEXT.nickname;
}
