import type { LongDragonEntry } from '@lottery/contract/long-dragon';
import { formatMoney, MINOR_PER_YUAN, MoneyFormatError, parseMoney } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';

/**
 * The long-dragon helper's rules (spec/betting.md §4, §5, §9), pure so they are unit-tested: one
 * selected button at a time, the per-bet amount input, 最高可中 and the line sent to addBetting.
 */

/** Families with two-face plays (rules/long-dragon.ts TWO_FACE_PLAYS; a test keeps them equal). */
export const DRAGON_FAMILIES: ReadonlySet<string> = new Set(['PK10', 'SSC', 'BJ28', 'STOCK']);

export const Texts = {
  noSelection: '请选择一注号码投注',
  noAmount: '投注金额不能为空',
  selectionExpired: '选号超时，请重新选号',
  drawing: '开奖中',
} as const;

/** A track of the list: stable across reloads while the run goes on (its issue and times move). */
export const trackKey = (e: Pick<LongDragonEntry, 'lotteryCode' | 'playCode' | 'name' | 'options'>): string =>
  `${e.lotteryCode}:${e.playCode}:${e.name}:${e.options.map((o) => o.label).join('')}`;

export interface Selection {
  key: string;
  entry: LongDragonEntry;
  option: number;
}

/** Tapping a button selects it; tapping the selected one again deselects (one line at most). */
export function toggle(
  current: Selection | undefined,
  entry: LongDragonEntry,
  option: number,
): Selection | undefined {
  const key = trackKey(entry);
  if (current && current.key === key && current.option === option) return undefined;
  return { key, entry, option };
}

/** 最高可中 = amount × odds, floored to 2 decimals (spec §5); undefined without odds or amount. */
export function maxWin(amount: string, odds: string | undefined): string | undefined {
  if (!amount || !odds) return undefined;
  try {
    const amountMinor = BigInt(amount) * MINOR_PER_YUAN;
    const won = (amountMinor * parseMoney(odds, 4)) / MINOR_PER_YUAN;
    return formatMoney((won / 100n) * 100n);
  } catch (error) {
    if (error instanceof MoneyFormatError) return undefined;
    throw error;
  }
}

/** Odds on a button: two decimals, rounded down (the screen never promises more than is paid). */
export function oddsText(odds: string | undefined): string | undefined {
  if (!odds) return undefined;
  try {
    return formatMoney(parseMoney(odds, 4));
  } catch (error) {
    if (error instanceof MoneyFormatError) return undefined;
    throw error;
  }
}

/** Seconds left of an item's issue at `nowMs`, counted from when the list was answered. */
export function secondsLeft(
  entry: Pick<LongDragonEntry, 'nextOpenTime'>,
  answeredAtMs: number,
  nowMs: number,
): number {
  return Math.max(0, entry.nextOpenTime - Math.floor((nowMs - answeredAtMs) / 1000));
}

/** HH:MM:SS, or 开奖中 at 0. */
export function countdownText(seconds: number): string {
  if (seconds <= 0) return Texts.drawing;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** The addBetting line of a selection: one note, unit 1, multiplier 1, the whole rebate kept as odds. */
export function wireLine(selection: Selection, amount: string) {
  const { entry, option } = selection;
  return {
    lotteryCode: entry.lotteryCode,
    playDetailCode: entry.playCode,
    bettingNumber: entry.options[option]!.bettingNumber,
    bettingCount: 1,
    bettingAmount: amount,
    bettingPoint: '0',
    bettingUnit: '1',
    bettingIssue: entry.currIssue,
    graduationCount: 1,
  };
}

/** What the footer refuses before the confirm dialog, in the spec's words; undefined when ready. */
export function refusal(selection: Selection | undefined, amount: string): string | undefined {
  if (!selection) return Texts.noSelection;
  if (!amount) return Texts.noAmount;
  return undefined;
}

/** A bet row of 我的投注: only lotteries that have long dragons. */
export const isDragonLottery = (lotteryCode: string): boolean => {
  const family = lotteryByCode(lotteryCode)?.family;
  return family !== undefined && DRAGON_FAMILIES.has(family);
};
