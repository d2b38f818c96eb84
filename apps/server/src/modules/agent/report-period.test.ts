import { describe, expect, it } from 'vitest';
import { beijingDay, DAY_MS, dayLabel, dayStartMs, planBetDays, planDays } from './report-period';

const at = (iso: string) => Date.parse(iso);

describe('report days', () => {
  it('counts Beijing days: 16:00 UTC is the next day', () => {
    const d = beijingDay(at('2026-03-04T15:59:59.999Z'));
    expect(dayLabel(d)).toBe('2026-03-04');
    expect(dayLabel(beijingDay(at('2026-03-04T16:00:00Z')))).toBe('2026-03-05');
    expect(dayStartMs(d + 1)).toBe(at('2026-03-04T16:00:00Z'));
  });

  it('reads closed aggregated days from the aggregates and runs of the others live', () => {
    const d0 = beijingDay(at('2026-03-01T04:00:00Z'));
    const range = { fromMs: dayStartMs(d0), toMs: dayStartMs(d0 + 7) };
    // days 0, 1, 3 aggregated; 2 missed by the job; 6 is today (never from aggregates)
    const plan = planDays(range, d0 + 6, [d0, d0 + 1, d0 + 3, d0 + 6]);
    expect(plan.fromDay).toBe(d0);
    expect(plan.toDay).toBe(d0 + 6);
    expect(plan.aggregatedDays).toEqual([d0, d0 + 1, d0 + 3]);
    expect(plan.liveRanges).toEqual([
      { fromMs: dayStartMs(d0 + 2), toMs: dayStartMs(d0 + 3) },
      { fromMs: dayStartMs(d0 + 4), toMs: dayStartMs(d0 + 7) },
    ]);
    // every day of the period is read exactly once
    const covered =
      plan.aggregatedDays.length + plan.liveRanges.reduce((n, r) => n + (r.toMs - r.fromMs) / DAY_MS, 0);
    expect(covered).toBe(7);
  });

  it('reads everything live before the job ever ran', () => {
    const d0 = beijingDay(at('2026-03-01T04:00:00Z'));
    const plan = planDays({ fromMs: dayStartMs(d0), toMs: dayStartMs(d0 + 1) }, d0, []);
    expect(plan).toEqual({
      fromDay: d0,
      toDay: d0,
      aggregatedDays: [],
      teamDays: [],
      liveRanges: [{ fromMs: dayStartMs(d0), toMs: dayStartMs(d0 + 1) }],
    });
  });

  it('reads a folded day from the aggregates up to its watermark and live after it', () => {
    const d0 = beijingDay(at('2026-03-01T04:00:00Z'));
    const range = { fromMs: dayStartMs(d0), toMs: dayStartMs(d0 + 3) };
    const uptoMs = dayStartMs(d0 + 2) + 5 * 3_600_000;
    const plan = planDays(range, d0 + 2, {
      days: [d0],
      teamDays: [d0, d0 + 2],
      fold: { day: d0 + 2, uptoMs },
    });
    expect(plan.aggregatedDays).toEqual([d0, d0 + 2]);
    expect(plan.teamDays).toEqual([d0, d0 + 2]);
    expect(plan.liveRanges).toEqual([
      { fromMs: dayStartMs(d0 + 1), toMs: dayStartMs(d0 + 2) },
      { fromMs: uptoMs, toMs: dayStartMs(d0 + 3) },
    ]);
    // a fold of a day the job has since closed, or of a day after today, is not used
    expect(
      planDays(range, d0 + 2, { days: [d0, d0 + 1], fold: { day: d0 + 1, uptoMs: dayStartMs(d0 + 1) + 1 } })
        .liveRanges,
    ).toEqual([{ fromMs: dayStartMs(d0 + 2), toMs: dayStartMs(d0 + 3) }]);
    expect(planDays(range, d0 + 1, { days: [], fold: { day: d0 + 2, uptoMs } }).aggregatedDays).toEqual([]);
    // a team mark alone (day not aggregated) reads nothing from the rollup
    expect(planDays(range, d0 + 2, { days: [], teamDays: [d0] }).teamDays).toEqual([]);
  });

  it('plans team bet totals: sealed whole days before today from the sums, the rest live once', () => {
    const d0 = beijingDay(at('2026-03-01T04:00:00Z'));
    // from 10:00 of day 0 (partial) to 09:00 of day 6 (today); 0, 1, 2, 4, 6 sealed, 3 and 5 not
    const range = { fromMs: dayStartMs(d0) + 10 * 3_600_000, toMs: dayStartMs(d0 + 6) + 9 * 3_600_000 };
    const plan = planBetDays(range, d0 + 6, [d0 + 4, d0, d0 + 1, d0 + 2, d0 + 6]);
    expect(plan.sealedDays).toEqual([d0 + 1, d0 + 2, d0 + 4]);
    expect(plan.liveRanges).toEqual([
      { fromMs: range.fromMs, toMs: dayStartMs(d0 + 1) },
      { fromMs: dayStartMs(d0 + 3), toMs: dayStartMs(d0 + 4) },
      { fromMs: dayStartMs(d0 + 5), toMs: range.toMs },
    ]);
    const covered =
      plan.sealedDays.length * DAY_MS + plan.liveRanges.reduce((n, r) => n + (r.toMs - r.fromMs), 0);
    expect(covered).toBe(range.toMs - range.fromMs);
    expect(planBetDays(range, d0 + 6, [])).toEqual({ sealedDays: [], liveRanges: [range] });
  });
});
