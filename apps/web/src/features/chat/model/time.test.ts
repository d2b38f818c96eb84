import { describe, expect, it } from 'vitest';
import { formatChatTime, SEPARATOR_GAP_MS, withTimeSeparators } from './time';

/** An instant given as Beijing wall-clock time. */
const at = (y: number, mo: number, d: number, h: number, mi: number) => Date.UTC(y, mo - 1, d, h - 8, mi);
const NOW = at(2026, 1, 15, 18, 30); // a Thursday

describe('chat time format', () => {
  it('today shows HH:mm', () => {
    expect(formatChatTime(at(2026, 1, 15, 9, 5), NOW)).toBe('09:05');
  });
  it('counts Beijing days: 00:01 Beijing (16:01 UTC the day before) is today', () => {
    expect(formatChatTime(at(2026, 1, 15, 0, 1), NOW)).toBe('00:01');
    expect(formatChatTime(at(2026, 1, 14, 23, 59), at(2026, 1, 15, 0, 0))).toBe('昨天 23:59');
  });
  it('yesterday shows 昨天 and the time, English Yesterday', () => {
    expect(formatChatTime(at(2026, 1, 14, 23, 59), NOW)).toBe('昨天 23:59');
    expect(formatChatTime(at(2026, 1, 14, 0, 1), NOW, 'en-US')).toBe('Yesterday 00:01');
  });
  it('within 7 days shows the weekday', () => {
    expect(formatChatTime(at(2026, 1, 12, 8, 0), NOW)).toBe('星期一 08:00');
    expect(formatChatTime(at(2026, 1, 9, 8, 0), NOW, 'en')).toBe('Friday 08:00');
  });
  it('older shows the full date', () => {
    expect(formatChatTime(at(2026, 1, 8, 8, 0), NOW)).toBe('2026-01-08 08:00');
    expect(formatChatTime(at(2025, 12, 31, 20, 7), NOW)).toBe('2025-12-31 20:07');
  });
});

describe('time separators', () => {
  const m = (id: number, gmtCreated: number) => ({ id, gmtCreated });
  it('puts one before the first message and after each gap over 60 seconds', () => {
    const base = NOW;
    const items = withTimeSeparators([
      m(1, base),
      m(2, base + SEPARATOR_GAP_MS), // exactly 60 s: no separator
      m(3, base + 2 * SEPARATOR_GAP_MS + 1), // 60.001 s after #2
      m(4, base + 2 * SEPARATOR_GAP_MS + 30_000),
    ]);
    expect(items.map((i) => (i.kind === 'time' ? 'T' : i.message.id))).toEqual(['T', 1, 2, 'T', 3, 4]);
  });
  it('an empty list has no separators', () => {
    expect(withTimeSeparators([])).toEqual([]);
  });
});
