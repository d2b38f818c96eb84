import { Amount, FieldMessages, fieldError } from '@lottery/contract/fields';
import { formatMoney, parseMoney } from '@lottery/contract/money';

/**
 * Amount entry: the shape is the contract's Amount rule (spec/platform.md §5, digits with up to 2
 * decimals), the limits come from the server as decimal strings; comparisons are on bigint minor
 * units, never floats.
 */
export const AMOUNT_TEXT = {
  required: FieldMessages.amountRequired,
  format: FieldMessages.amount,
  zero: '金额必须大于0',
} as const;

/** Whether `amount` has the shape of an amount (the server's rule). */
export const isAmount = (amount: string): boolean => Amount.safeParse(amount).success;

/** What the input keeps while typing: digits and one dot, at most 2 decimals, no leading zeros. */
export function sanitizeAmountInput(raw: string): string {
  let text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot !== -1)
    text = `${text.slice(0, dot + 1)}${text
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, 2)}`;
  if (text.startsWith('.')) text = `0${text}`;
  text = text.replace(/^0+(?=\d)/, '');
  const [whole = '', fraction] = text.split('.');
  return fraction === undefined ? whole.slice(0, 9) : `${whole.slice(0, 9)}.${fraction}`;
}

/** Server strings may carry up to 4 decimals; typed amounts are checked for 2 by the Amount rule first. */
export const toMinor = (amount: string): bigint => parseMoney(amount);

export interface AmountLimits {
  minAmount: string;
  maxAmount: string;
}

/** The message to show for `amount`, or undefined when it can be sent. */
export function amountError(
  amount: string,
  limits: AmountLimits,
  rangeText: (min: string, max: string) => string,
  available?: string,
): string | undefined {
  const shape = fieldError(Amount, amount);
  if (shape) return shape;
  const minor = toMinor(amount);
  if (minor <= 0n) return AMOUNT_TEXT.zero;
  if (minor < toMinor(limits.minAmount) || minor > toMinor(limits.maxAmount)) {
    return rangeText(limits.minAmount, limits.maxAmount);
  }
  if (available !== undefined && minor > toMinor(available)) return '余额不足';
  return undefined;
}

/** The server's wording (docs/wallet.md §3, §4). */
export const rechargeRange = (min: string, max: string) => `单笔充值金额范围为${min}-${max}元`;
export const withdrawRange = (min: string, max: string) => `单笔提现金额范围为${min}-${max}元`;

/** Fee of a withdrawal as the server computes it: amount × basis points / 10000, in minor units. */
export function withdrawFee(amount: string, feeRatePercent: string): string {
  if (!isAmount(amount)) return '0.00';
  const basisPoints = toMinor(feeRatePercent) / 100n; // "1.00" percent → 100 basis points
  return formatMoney((toMinor(amount) * basisPoints) / 10_000n);
}
