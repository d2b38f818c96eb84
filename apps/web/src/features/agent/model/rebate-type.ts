import { FAMILIES, type Family } from '@lottery/rules/family';
import { FAMILY_LOTTERY_TYPE } from '@lottery/rules/lotteries';

/**
 * The lottery type of /rebateDes/{lotteryType}: the picker's number (1-16), or a family code
 * (K3, SSC, …) for a link written by family; undefined for anything else.
 */
export function lotteryTypeOf(param: string | undefined): number | undefined {
  if (!param) return undefined;
  if (/^\d{1,2}$/.test(param)) {
    const n = Number(param);
    return n >= 1 && n <= 16 ? n : undefined;
  }
  const family = FAMILIES.find((f) => f.toLowerCase() === param.toLowerCase());
  return family ? FAMILY_LOTTERY_TYPE[family] : undefined;
}

/** The family of an odds row's playCode (family + 3-character mode code, e.g. K3A10 → K3). */
export function familyOfPlayCode(playCode: string): Family | undefined {
  const family = playCode.slice(0, -3);
  return FAMILIES.find((f) => f === family);
}

export interface OddsGroup<T> {
  playCode: string;
  rows: T[];
}

/** Odds rows grouped by play, in the server's order. */
export function groupByPlay<T extends { playCode: string }>(rows: readonly T[]): OddsGroup<T>[] {
  const groups: OddsGroup<T>[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.playCode === row.playCode) last.rows.push(row);
    else groups.push({ playCode: row.playCode, rows: [row] });
  }
  return groups;
}
