import { fieldError } from '@lottery/contract/fields';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { amountInput } from '@lottery/contract/wallet';
import { parseRatePercent } from '@lottery/contract/yuebao';

/**
 * The yuebao sheets' amount rules, checked on the phone before the safety-password keypad opens
 * (the server checks the same again and answers -110002 提交金额不符). All money is bigint minor
 * units (1 yuan = 10000n); the wire's decimal strings are parsed with the contract's codec, never
 * as floats.
 */

/** Minor units of a decimal yuan string from the server; 0n for anything that is not one. */
export function minorOf(text: string): bigint {
  try {
    return parseMoney(text);
  } catch {
    return 0n;
  }
}

/** What a player can type of a balance: the 4-decimal balance truncated to 2 decimals. */
export const typeable = (balance: string): string => formatMoney(minorOf(balance));

/**
 * A 4-decimal amount for display: 2 decimals when it is whole fen ("1.0000" → "1.00"), all 4 when
 * it has sub-fen digits (an interest of "0.0958" stays exact).
 */
export function shortMoney(text: string): string {
  const minor = minorOf(text);
  return formatMoney(minor, minor % 100n === 0n ? 2 : 4);
}

/** A ceiling of the amount and what to say when it is passed. */
export interface AmountLimit {
  maxMinor: bigint;
  message: string;
}

/**
 * The first problem of a typed amount, or undefined when it can be sent: the shape (digits with at
 * most 2 decimals), more than zero, at least `minMinor`, and within every limit in order (so the
 * message names the limit that binds, e.g. the wallet before the per-transfer maximum).
 */
export function amountProblem(
  text: string,
  rules: { minMinor?: bigint; limits: readonly AmountLimit[] },
): string | undefined {
  const typed = text.trim();
  if (!typed) return '请输入金额';
  if (/^\d+\.\d{3,}$/.test(typed)) return '金额最多两位小数';
  const shape = fieldError(amountInput, typed);
  if (shape) return shape;
  const minor = parseMoney(typed);
  if (minor <= 0n) return '金额须大于0';
  if (rules.minMinor !== undefined && minor < rules.minMinor)
    return `最低金额为${formatMoney(rules.minMinor)}元`;
  return rules.limits.find((limit) => minor > limit.maxMinor)?.message;
}

/** The figures of getMyYuebaoInfo the transfer sheets use. */
export interface YuebaoFigures {
  yuebaoBalance: string;
  balance: string;
  minTransferIn: string;
  maxTransferIn: string;
  maxYuebaoBalance: string;
}

const atLeastZero = (minor: bigint) => (minor > 0n ? minor : 0n);
/** Truncated to what can be typed (whole fen). */
const toFen = (minor: bigint) => minor - (minor % 100n);

/** 转入: the wallet, the per-transfer maximum and the room left under the yuebao cap. */
export function transferInLimits(info: YuebaoFigures): AmountLimit[] {
  const room = toFen(atLeastZero(minorOf(info.maxYuebaoBalance) - minorOf(info.yuebaoBalance)));
  return [
    { maxMinor: minorOf(info.balance), message: `余额不足，可用余额${typeable(info.balance)}元` },
    { maxMinor: minorOf(info.maxTransferIn), message: `单笔最高转入${typeable(info.maxTransferIn)}元` },
    { maxMinor: room, message: `余额宝最多还可转入${formatMoney(room)}元` },
  ];
}

/** 转出: the yuebao balance (what can be typed of it). */
export function transferOutLimits(info: YuebaoFigures): AmountLimit[] {
  const available = toFen(minorOf(info.yuebaoBalance));
  return [{ maxMinor: available, message: `最多可转出${formatMoney(available)}元` }];
}

/** 质押: the wallet and the product's maximum. */
export function pledgeLimits(balance: string, product: { maxAmount: string }): AmountLimit[] {
  return [
    { maxMinor: minorOf(balance), message: `余额不足，可用余额${typeable(balance)}元` },
    { maxMinor: minorOf(product.maxAmount), message: `该产品最高质押${typeable(product.maxAmount)}元` },
  ];
}

/** 全部: the most every limit allows, as typeable yuan ("0.00" when nothing can be sent). */
export function allOf(limits: readonly AmountLimit[]): string {
  const most = limits.reduce<bigint | undefined>(
    (low, limit) => (low === undefined || limit.maxMinor < low ? limit.maxMinor : low),
    undefined,
  );
  return formatMoney(toFen(atLeastZero(most ?? 0n)));
}

/**
 * The penalty an early cancel keeps, as the server computes it: floor(principal × rate), rate a
 * percent string ("1.00" = 1 %); shown in the cancel dialog before the player confirms.
 */
export function cancelPenalty(amount: string, penaltyRate: string): string {
  const ppm = BigInt(parseRatePercent(penaltyRate) ?? 0);
  return shortMoney(formatMoney((minorOf(amount) * ppm) / 1_000_000n, 4));
}
