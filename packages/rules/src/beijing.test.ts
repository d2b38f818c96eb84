import { describe, expect, it } from 'vitest';
import {
  beijingClock,
  beijingDate,
  beijingDateTime,
  beijingDayNumber,
  beijingDayStartMs,
  beijingMidnightMs,
  beijingMonthStartMs,
  beijingStamp,
  beijingYearMonth,
  isoDate,
} from './beijing';

// 2026-03-01 00:30 in Beijing is still 2026-02-28 in UTC: every helper must read the Beijing side.
const AFTER_MIDNIGHT = Date.UTC(2026, 1, 28, 16, 30, 5);

describe('the Beijing clock', () => {
  it('reads the Beijing calendar whatever the UTC date', () => {
    expect(beijingDate(AFTER_MIDNIGHT)).toBe('2026-03-01');
    expect(beijingClock(AFTER_MIDNIGHT)).toBe('00:30:05');
    expect(beijingDateTime(AFTER_MIDNIGHT)).toBe('2026-03-01 00:30:05');
    expect(beijingStamp(AFTER_MIDNIGHT)).toBe('20260301003005');
    expect(beijingYearMonth(AFTER_MIDNIGHT)).toEqual({ year: 2026, month: 2 });
  });

  it('round-trips day numbers and midnights', () => {
    const day = beijingDayNumber(AFTER_MIDNIGHT);
    expect(isoDate(day)).toBe('2026-03-01');
    expect(beijingMidnightMs(day)).toBe(Date.UTC(2026, 1, 28, 16));
    expect(beijingDayStartMs(AFTER_MIDNIGHT)).toBe(beijingMidnightMs(day));
    expect(beijingDayNumber(beijingMidnightMs(day) - 1)).toBe(day - 1);
    expect(beijingMonthStartMs(2026, 2)).toBe(beijingMidnightMs(day));
    expect(beijingMonthStartMs(2026, -1)).toBe(Date.UTC(2025, 11, 1) - 8 * 3_600_000);
  });
});
