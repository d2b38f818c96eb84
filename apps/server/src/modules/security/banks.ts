/**
 * Banks a player can bind (queryBankInfo) and the card-number prefixes (BIN) we recognise for
 * queryBankCardName. The spec mentions a bank name-to-code table without its contents; this is ours.
 */
export const BANKS = [
  { bankCode: 'ICBC', bankName: '中国工商银行', bins: ['622202', '622208', '621226', '620200', '955880'] },
  { bankCode: 'ABC', bankName: '中国农业银行', bins: ['622848', '622845', '621282', '103'] },
  { bankCode: 'BOC', bankName: '中国银行', bins: ['621661', '621663', '601382', '456351'] },
  { bankCode: 'CCB', bankName: '中国建设银行', bins: ['621700', '622700', '436742', '621284'] },
  { bankCode: 'BOCOM', bankName: '交通银行', bins: ['622260', '622262', '601428'] },
  { bankCode: 'PSBC', bankName: '中国邮政储蓄银行', bins: ['621799', '622188', '621098'] },
  { bankCode: 'CMB', bankName: '招商银行', bins: ['622588', '622575', '621483', '410062'] },
  { bankCode: 'CITIC', bankName: '中信银行', bins: ['622690', '621771', '433670'] },
  { bankCode: 'CEB', bankName: '中国光大银行', bins: ['622660', '621489', '303'] },
  { bankCode: 'HXB', bankName: '华夏银行', bins: ['622630', '623021'] },
  { bankCode: 'CMBC', bankName: '中国民生银行', bins: ['622622', '621691', '415599'] },
  { bankCode: 'CGB', bankName: '广发银行', bins: ['622568', '621462', '623506'] },
  { bankCode: 'PAB', bankName: '平安银行', bins: ['622155', '621626', '623058'] },
  { bankCode: 'CIB', bankName: '兴业银行', bins: ['622909', '622908', '438588'] },
  { bankCode: 'SPDB', bankName: '浦发银行', bins: ['622521', '621792', '456418'] },
] as const;

export type BankCode = (typeof BANKS)[number]['bankCode'];

export function bankByCode(code: string) {
  return BANKS.find((b) => b.bankCode === code);
}

/** The bank whose longest known prefix starts the card number, if any. */
export function bankOfCard(cardNo: string) {
  let best: (typeof BANKS)[number] | undefined;
  let bestLength = 0;
  for (const bank of BANKS) {
    for (const bin of bank.bins) {
      if (cardNo.startsWith(bin) && bin.length > bestLength) {
        best = bank;
        bestLength = bin.length;
      }
    }
  }
  return best;
}

/** `6222 **** **** 3445`: first four and last four digits. */
export function maskAccountNo(accountNo: string): string {
  if (accountNo.length <= 8) return `${accountNo.slice(0, 2)}****${accountNo.slice(-2)}`;
  return `${accountNo.slice(0, 4)} **** **** ${accountNo.slice(-4)}`;
}
