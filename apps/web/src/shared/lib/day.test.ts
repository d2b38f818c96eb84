import { afterEach, describe, expect, it } from 'vitest';
import { beijingDaysAgo, beijingFormat, beijingWeekday } from './day';

// 2026-03-10 00:00:00 in Beijing is 2026-03-09 16:00:00 UTC: the UTC date is still the day before.
const MIDNIGHT = Date.UTC(2026, 2, 9, 16, 0, 0);

describe('beijingFormat', () => {
  it('turns the day at 16:00 UTC, not at UTC midnight', () => {
    expect(beijingFormat(MIDNIGHT - 1000, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-03-09 23:59:59');
    expect(beijingFormat(MIDNIGHT, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-03-10 00:00:00');
    // 07:59 Beijing is still 23:59 UTC of the day before
    expect(beijingFormat(Date.UTC(2026, 2, 9, 23, 59), 'YYYY-MM-DD HH:mm')).toBe('2026-03-10 07:59');
  });

  it('turns the year and the month on the Beijing side', () => {
    expect(beijingFormat(Date.UTC(2025, 11, 31, 16, 0, 0), 'YYYY-MM-DD HH:mm:ss')).toBe(
      '2026-01-01 00:00:00',
    );
    expect(beijingFormat(Date.UTC(2025, 11, 31, 15, 59, 59), 'YYYY-MM-DD HH:mm:ss')).toBe(
      '2025-12-31 23:59:59',
    );
    expect(beijingFormat(Date.UTC(2026, 1, 28, 16, 30, 5), 'MM-DD HH:mm:ss')).toBe('03-01 00:30:05');
  });

  it('writes every pattern the app shows', () => {
    const ms = Date.UTC(2026, 0, 1, 16, 5, 9); // 2026-01-02 00:05:09 Beijing
    expect(beijingFormat(ms, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-01-02 00:05:09');
    expect(beijingFormat(ms, 'YYYY-MM-DD HH:mm')).toBe('2026-01-02 00:05');
    expect(beijingFormat(ms, 'MM-DD HH:mm:ss')).toBe('01-02 00:05:09');
    expect(beijingFormat(ms, 'MM-DD HH:mm')).toBe('01-02 00:05');
    expect(beijingFormat(ms, 'HH:mm:ss')).toBe('00:05:09');
    expect(beijingFormat(ms, 'YYYY-MM-DD')).toBe('2026-01-02');
    // the chart's day axis and the zh-CN locale text the chat and envelope lists showed
    expect(beijingFormat(ms, 'M/D')).toBe('1/2');
    expect(beijingFormat(ms, 'YYYY/M/D HH:mm:ss')).toBe('2026/1/2 00:05:09');
    expect(beijingFormat(Date.UTC(2026, 10, 20, 13, 0, 0), 'YYYY/M/D HH:mm:ss')).toBe('2026/11/20 21:00:00');
  });

  it('drops milliseconds rather than rounding them up', () => {
    expect(beijingFormat(MIDNIGHT - 1, 'HH:mm:ss')).toBe('23:59:59');
  });

  it('shows -- without an instant', () => {
    expect(beijingFormat(null, 'YYYY-MM-DD HH:mm')).toBe('--');
    expect(beijingFormat(undefined, 'YYYY-MM-DD HH:mm')).toBe('--');
    expect(beijingFormat(Number.NaN, 'YYYY-MM-DD HH:mm')).toBe('--');
  });
});

describe('Beijing days and weekdays', () => {
  it('counts calendar days on the Beijing side', () => {
    expect(beijingDaysAgo(MIDNIGHT, MIDNIGHT + 86_399_999)).toBe(0);
    expect(beijingDaysAgo(MIDNIGHT - 1, MIDNIGHT)).toBe(1);
    expect(beijingDaysAgo(MIDNIGHT - 86_400_001, MIDNIGHT)).toBe(2);
  });

  it('names the weekday of the Beijing date', () => {
    expect(beijingWeekday(MIDNIGHT)).toBe(2); // Tuesday 2026-03-10
    expect(beijingWeekday(MIDNIGHT - 1)).toBe(1); // Monday 2026-03-09 23:59:59.999
    expect(beijingWeekday(Date.UTC(1969, 11, 31, 12))).toBe(3); // before the epoch: Wednesday
  });
});

describe('whatever the host zone', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  // the server may draw the first screen in UTC and the browser hydrate it in Asia/Shanghai
  it('gives the same text on a UTC server, a Beijing phone and a phone abroad', () => {
    const answers = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Pacific/Kiritimati'].map((tz) => {
      process.env.TZ = tz;
      return [
        beijingFormat(MIDNIGHT, 'YYYY-MM-DD HH:mm:ss'),
        beijingDaysAgo(MIDNIGHT - 1, MIDNIGHT),
        beijingWeekday(MIDNIGHT),
      ];
    });
    for (const a of answers) expect(a).toEqual(['2026-03-10 00:00:00', 1, 2]);
  });
});
