/** Payout-account rules of spec/platform.md §5 (card 10-28 digits; real name) with the server's wording. */
export const CARD_RULE = /^\d{10,28}$/;
export const REAL_NAME_RULE = /^[\u4e00-\u9fa5A-Za-z·•.\s]{2,50}$/;

export function cardNoError(cardNo: string): string | undefined {
  if (!cardNo) return '请输入银行卡号';
  return CARD_RULE.test(cardNo) ? undefined : '银行卡号须为10-28位数字';
}

export function realNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return '请输入真实姓名';
  if (!REAL_NAME_RULE.test(trimmed) || trimmed.replace(/[·•.\s]/g, '').length > 25)
    return '真实姓名格式不正确';
  return undefined;
}

export const DIGITAL_PROTOCOLS = ['TRC20', 'ERC20'] as const;

export function addressError(protocol: string, address: string): string | undefined {
  if (!address) return '请输入钱包地址';
  if (protocol === 'TRC20' && !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return '钱包地址格式不正确';
  if (protocol === 'ERC20' && !/^0x[0-9a-fA-F]{40}$/.test(address)) return '钱包地址格式不正确';
  return undefined;
}
