import { LOTTERIES } from '@lottery/rules/lotteries';
import { currentIssue } from '@lottery/rules/schedule';
import { describe, expect, it } from 'vitest';
import { clockText, issueLine } from './lottery-grid';

describe('hall card issue line', () => {
  it('formats the countdown as HH:MM:SS, never negative', () => {
    expect(clockText(0)).toBe('00:00:00');
    expect(clockText(59_999)).toBe('00:00:59');
    expect(clockText(3_723_000)).toBe('01:02:03');
    expect(clockText(-5000)).toBe('00:00:00');
  });

  it('shows the issue on sale and the time left until it closes', () => {
    const oneMinute = LOTTERIES.find((l) => l.schedule.kind === 'interval')!;
    const now = Date.UTC(2026, 10, 22, 4, 0, 10);
    const times = currentIssue(oneMinute, now);
    const line = issueLine(oneMinute.code, now)!;
    expect(times.issue.endsWith(line.issue)).toBe(true);
    expect(line.countdown === '预售中' || line.countdown === clockText(times.closeMs - now)).toBe(true);
  });

  it('has nothing to say about an unknown code', () => {
    expect(issueLine('NO_SUCH_CODE', Date.now())).toBeUndefined();
  });
});
