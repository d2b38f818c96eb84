/**
 * Report periods as Beijing days (pure). A period is the records module's half-open epoch-ms range
 * (`reportRange`: today, yesterday, seven days, last week from Monday, this month, last month);
 * here it becomes a first and last Beijing day, and a plan that says which days to read from the
 * daily aggregates (those the job has closed) and which epoch-ms ranges to read live from the
 * ledger (today, and any day the job has not reached).
 */

export const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 in Beijing time (UTC+8), whatever the host's zone. */
export const beijingDay = (ms: number): number => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);

/** Epoch ms of 00:00 Beijing on `day`. */
export const dayStartMs = (day: number): number => day * DAY_MS - BEIJING_OFFSET_MS;

/** "2026-01-15" for a Beijing day number. */
export const dayLabel = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export type DayPlan = {
  fromDay: number;
  toDay: number;
  /** Days read from agent_report_daily. */
  aggregatedDays: number[];
  /** Half-open epoch-ms ranges read from the ledger, covering every other day of the period. */
  liveRanges: { fromMs: number; toMs: number }[];
};

/**
 * Splits the period [fromMs, toMs) (whole Beijing days) into aggregated days and live ranges:
 * a day is read from the aggregates only when it is in `aggregated` and before `today`; runs of the
 * other days become one live range each.
 */
export function planDays(
  range: { fromMs: number; toMs: number },
  today: number,
  aggregated: readonly number[],
): DayPlan {
  const fromDay = beijingDay(range.fromMs);
  const toDay = beijingDay(range.toMs - 1);
  const closed = new Set(aggregated.filter((d) => d < today));
  const aggregatedDays: number[] = [];
  const liveRanges: { fromMs: number; toMs: number }[] = [];
  for (let day = fromDay; day <= toDay; day++) {
    if (closed.has(day)) {
      aggregatedDays.push(day);
      continue;
    }
    const last = liveRanges.at(-1);
    if (last && last.toMs === dayStartMs(day)) last.toMs = dayStartMs(day + 1);
    else liveRanges.push({ fromMs: dayStartMs(day), toMs: dayStartMs(day + 1) });
  }
  return { fromDay, toDay, aggregatedDays, liveRanges };
}
