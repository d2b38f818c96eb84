import { describe, expect, it } from 'vitest';
import { envelopeBadge } from '../components/activity-tabs';
import { envelopeStateText, periodStamp, periodText } from './period';

describe('activity texts', () => {
  it('writes Beijing dates, with the time only when it is not midnight', () => {
    expect(periodStamp(Date.UTC(2026, 2, 9, 16, 0))).toBe('2026-03-10');
    expect(periodStamp(Date.UTC(2026, 2, 10, 12, 0))).toBe('2026-03-10 20:00');
    expect(periodText(Date.UTC(2026, 2, 9, 16), null)).toBe('2026-03-10 起，长期有效');
    expect(periodText(Date.UTC(2026, 2, 9, 16), Date.UTC(2026, 3, 9, 16))).toBe('2026-03-10 至 2026-04-10');
  });

  it('shows the envelope badge as the count, 9+ above 9, nothing at 0', () => {
    expect(envelopeBadge(undefined)).toBeNull();
    expect(envelopeBadge(0)).toBeNull();
    expect(envelopeBadge(9)).toBe('9');
    expect(envelopeBadge(10)).toBe('9+');
  });

  it('labels envelope states', () => {
    expect(envelopeStateText(1, null)).toBe('抢红包');
    expect(envelopeStateText(2, '3.21')).toBe('已领取 3.21元');
    expect(envelopeStateText(0, null)).toBe('登录抢红包');
  });
});
