import type { AllLotteryData, LotteryConfigEntry, LotteryItem } from '@lottery/contract/site';
import { FAMILIES, type Family } from '@lottery/rules/family';
import { FAMILY_LOTTERY_TYPE, LOTTERY_TYPES, lotteryByCode } from '@lottery/rules/lotteries';
import type { LotteryRow } from './repo';

export function familyName(family: string): string {
  const type = FAMILY_LOTTERY_TYPE[family as Family];
  return LOTTERY_TYPES.find((t) => t.lotteryType === type)?.name ?? family;
}

export function lotteryItemOf(row: LotteryRow): LotteryItem {
  return {
    lotteryCode: row.code,
    lotteryName: row.name,
    lotteryType: String(row.lotteryType),
    family: row.family,
    iconClass: row.iconClass,
    isStop: row.isStop,
    isFastBet: row.isFastBet,
    hot: row.hot,
  };
}

/** First draw time of the day, Beijing time, from the rules catalogue's schedule. */
function startTimeOf(code: string): string {
  const schedule = lotteryByCode(code)?.schedule;
  if (!schedule) return '';
  return schedule.kind === 'interval' ? schedule.firstDrawAt : schedule.at;
}

/** Modes a tenant leaves out of a family's plays (site/hidden-plays.ts); none by default. */
export type HiddenModesOf = (family: string) => readonly string[];
const noneHidden: HiddenModesOf = () => [];

export function lotteryConfigOf(row: LotteryRow, hiddenOf: HiddenModesOf = noneHidden): LotteryConfigEntry {
  return {
    lotteryCode: row.code,
    lotteryType: String(row.lotteryType),
    lotteryName: row.name,
    lotteryExplain: row.lotteryExplain,
    startTime: startTimeOf(row.code),
    // Issue numbers come from the plan (betting area); the catalogue does not fix a start issue.
    startIssue: '',
    specialType: 0,
    isStop: row.isStop,
    isFastBet: row.isFastBet,
    hiddenPlays: [...hiddenOf(row.family)],
  };
}

export function allLotteryData(
  rows: readonly LotteryRow[],
  hiddenOf: HiddenModesOf = noneHidden,
): AllLotteryData {
  const lotteryList = FAMILIES.map((family) => ({
    family,
    familyName: familyName(family),
    lotteries: rows.filter((r) => r.family === family).map(lotteryItemOf),
  })).filter((group) => group.lotteries.length > 0);
  return { lotteryList, lotteryConfig: rows.map((row) => lotteryConfigOf(row, hiddenOf)) };
}

/** Hot lotteries in hall order; when none is marked, the first eight open ones. */
export function hotLotteries(rows: readonly LotteryRow[]): LotteryItem[] {
  const open = rows.filter((r) => !r.isStop);
  const hot = open.filter((r) => r.hot);
  return (hot.length > 0 ? hot : open.slice(0, 8)).map(lotteryItemOf);
}
