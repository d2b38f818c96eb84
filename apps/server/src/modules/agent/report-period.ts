/**
 * Report periods as Beijing days (pure). A period is the records module's half-open epoch-ms range
 * (`reportRange`: today, yesterday, seven days, last week from Monday, this month, last month);
 * here it becomes a first and last Beijing day, and a plan that says which days to read from the
 * daily aggregates (those the job has closed) and which epoch-ms ranges to read live from the
 * ledger (today, and any day the job has not reached).
 */

// Day numbers, their midnights and labels: the one Beijing clock, under this module's names.
import {
  BEIJING_OFFSET_MS,
  beijingDayNumber as beijingDay,
  DAY_MS,
  isoDate as dayLabel,
  beijingMidnightMs as dayStartMs,
} from '@lottery/rules/beijing';

export { BEIJING_OFFSET_MS, beijingDay, DAY_MS, dayLabel, dayStartMs };

export type DayPlan = {
  fromDay: number;
  toDay: number;
  /** Days read from agent_report_daily (a folded day too: its rows up to the watermark). */
  aggregatedDays: number[];
  /** Of aggregatedDays, those whose team rollup (agent_team_daily) matches the tree. */
  teamDays: number[];
  /** Half-open epoch-ms ranges read from the ledger, covering the rest of the period. */
  liveRanges: { fromMs: number; toMs: number }[];
};

/** What the job has written for the days of a period (report-repo `aggregateMarks`). */
export type AggregateMarks = {
  /** Closed days aggregated whole. */
  days: readonly number[];
  /** Days whose team rollup matches the tree. */
  teamDays?: readonly number[];
  /** A day aggregated up to `uptoMs` (today, folded every few minutes). */
  fold?: { day: number; uptoMs: number } | undefined;
};

/**
 * Splits the period [fromMs, toMs) (whole Beijing days) into aggregated days and live ranges:
 * a day is read from the aggregates when it is in `marks.days` and before `today`; the folded day
 * (not after today, not aggregated whole) from the aggregates up to its watermark and live from
 * there; runs of the other days (and stretches) become one live range each. Team days are the
 * aggregated days whose rollup is marked.
 */
export function planDays(
  range: { fromMs: number; toMs: number },
  today: number,
  aggregated: readonly number[] | AggregateMarks,
): DayPlan {
  const marks: AggregateMarks = Array.isArray(aggregated)
    ? { days: aggregated as readonly number[] }
    : (aggregated as AggregateMarks);
  const fromDay = beijingDay(range.fromMs);
  const toDay = beijingDay(range.toMs - 1);
  const closed = new Set(marks.days.filter((d) => d < today));
  const rolled = new Set(marks.teamDays ?? []);
  const fold =
    marks.fold &&
    marks.fold.day <= today &&
    !closed.has(marks.fold.day) &&
    marks.fold.uptoMs > dayStartMs(marks.fold.day) &&
    marks.fold.uptoMs <= dayStartMs(marks.fold.day + 1)
      ? marks.fold
      : undefined;
  const aggregatedDays: number[] = [];
  const liveRanges: { fromMs: number; toMs: number }[] = [];
  const live = (fromMs: number, toMs: number) => {
    const last = liveRanges.at(-1);
    if (last && last.toMs === fromMs) last.toMs = toMs;
    else liveRanges.push({ fromMs, toMs });
  };
  for (let day = fromDay; day <= toDay; day++) {
    if (closed.has(day)) aggregatedDays.push(day);
    else if (fold?.day === day) {
      aggregatedDays.push(day);
      if (fold.uptoMs < dayStartMs(day + 1)) live(fold.uptoMs, dayStartMs(day + 1));
    } else live(dayStartMs(day), dayStartMs(day + 1));
  }
  return {
    fromDay,
    toDay,
    aggregatedDays,
    teamDays: aggregatedDays.filter((d) => rolled.has(d)),
    liveRanges,
  };
}

/**
 * A team-bet-totals plan (ADR 0704): the sealed days wholly inside the range and before today from
 * the bet sums, every other part of the range as merged epoch-ms runs read live from bet. Each
 * instant of the range is covered exactly once.
 */
export function planBetDays(
  range: { fromMs: number; toMs: number },
  today: number,
  sealed: readonly number[],
): { sealedDays: number[]; liveRanges: { fromMs: number; toMs: number }[] } {
  const use = new Set(
    sealed.filter((d) => d < today && dayStartMs(d) >= range.fromMs && dayStartMs(d + 1) <= range.toMs),
  );
  const sealedDays = [...use].sort((a, b) => a - b);
  const liveRanges: { fromMs: number; toMs: number }[] = [];
  let at = range.fromMs;
  for (const d of sealedDays) {
    if (dayStartMs(d) > at) liveRanges.push({ fromMs: at, toMs: dayStartMs(d) });
    at = dayStartMs(d + 1);
  }
  if (at < range.toMs) liveRanges.push({ fromMs: at, toMs: range.toMs });
  return { sealedDays, liveRanges };
}
