import { describe, expect, it } from 'vitest';
import { beijingDayStartMs, periodRange } from './period';

// 2026-03-01 23:30 Beijing = 2026-03-01 15:30 UTC
const lateEvening = Date.UTC(2026, 2, 1, 15, 30);
// 2026-03-02 00:10 Beijing = 2026-03-01 16:10 UTC (still "yesterday" in UTC)
const justAfterMidnight = Date.UTC(2026, 2, 1, 16, 10);

describe('Beijing periods', () => {
  it('starts the day at 00:00 Beijing time (16:00 UTC the day before)', () => {
    expect(beijingDayStartMs(lateEvening)).toBe(Date.UTC(2026, 1, 28, 16, 0));
    expect(beijingDayStartMs(justAfterMidnight)).toBe(Date.UTC(2026, 2, 1, 16, 0));
  });

  it('today, yesterday and seven days are whole Beijing days', () => {
    expect(periodRange('today', justAfterMidnight)).toEqual({
      fromMs: Date.UTC(2026, 2, 1, 16),
      toMs: Date.UTC(2026, 2, 2, 16),
    });
    expect(periodRange('yesterday', justAfterMidnight)).toEqual({
      fromMs: Date.UTC(2026, 1, 28, 16),
      toMs: Date.UTC(2026, 2, 1, 16),
    });
    expect(periodRange('sevenDays', justAfterMidnight)).toEqual({
      fromMs: Date.UTC(2026, 1, 23, 16),
      toMs: Date.UTC(2026, 2, 2, 16),
    });
  });
});
