import { describe, expect, it } from 'vitest';
import { beijingDay, DAY_MS, dayLabel, dayStartMs, planDays } from './report-period';

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
      liveRanges: [{ fromMs: dayStartMs(d0), toMs: dayStartMs(d0 + 1) }],
    });
  });
});
