/**
 * The link an invite code is shared as: the register page with the code in `inviteCode`, the
 * field name users/register and users/checkInviteCode take (packages/contract/src/account.ts).
 */
export const INVITE_PARAM = 'inviteCode';

export function inviteLink(origin: string, code: string): string {
  const url = new URL('/register', origin);
  url.searchParams.set(INVITE_PARAM, code);
  return url.toString();
}

/** 玩家 for codeType 0, 代理 for 1 (spec: invatationCode?codeType=1). */
export const CODE_TYPES = [
  { codeType: 0, label: '玩家' },
  { codeType: 1, label: '代理' },
] as const;
export type CodeType = (typeof CODE_TYPES)[number]['codeType'];

export const codeTypeLabel = (codeType: number) => (codeType === 1 ? '代理' : '玩家');
