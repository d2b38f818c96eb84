import { describe, expect, it } from 'vitest';
import { reportRange } from './periods';

const at = (iso: string) => Date.parse(iso);

describe('reportRange (Beijing time)', () => {
  // Wednesday 2026-03-04 01:30 in Beijing = Tuesday 2026-03-03 17:30 UTC
  const now = at('2026-03-03T17:30:00Z');

  it('today and yesterday follow the Beijing day, not the UTC one', () => {
    expect(reportRange('today', now)).toEqual({
      fromMs: at('2026-03-03T16:00:00Z'),
      toMs: at('2026-03-04T16:00:00Z'),
    });
    expect(reportRange('yesterday', now)).toEqual({
      fromMs: at('2026-03-02T16:00:00Z'),
      toMs: at('2026-03-03T16:00:00Z'),
    });
    expect(reportRange('sevenDays', now).fromMs).toBe(at('2026-02-25T16:00:00Z'));
  });

  it('last week is Monday to Sunday before this week', () => {
    // this week's Monday is 2026-03-02 (Beijing): last week is 02-23 .. 03-01
    expect(reportRange('lastWeek', now)).toEqual({
      fromMs: at('2026-02-22T16:00:00Z'),
      toMs: at('2026-03-01T16:00:00Z'),
    });
    // on a Monday, last week ends at this very day's start
    const monday = at('2026-03-02T00:00:00Z'); // 08:00 Monday Beijing
    expect(reportRange('lastWeek', monday).toMs).toBe(at('2026-03-01T16:00:00Z'));
    // on a Sunday, it is still the week before the current Monday
    const sunday = at('2026-03-08T10:00:00Z');
    expect(reportRange('lastWeek', sunday).fromMs).toBe(at('2026-02-22T16:00:00Z'));
  });

  it('this month runs from the 1st (Beijing) to the end of today; last month is the whole month', () => {
    expect(reportRange('thisMonth', now)).toEqual({
      fromMs: at('2026-02-28T16:00:00Z'),
      toMs: at('2026-03-04T16:00:00Z'),
    });
    expect(reportRange('lastMonth', now)).toEqual({
      fromMs: at('2026-01-31T16:00:00Z'),
      toMs: at('2026-02-28T16:00:00Z'),
    });
    // January: last month is December of the year before
    expect(reportRange('lastMonth', at('2026-01-10T00:00:00Z')).fromMs).toBe(at('2025-11-30T16:00:00Z'));
  });
});
