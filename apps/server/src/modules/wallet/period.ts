import type { Period } from '@lottery/contract/wallet';

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Start of the Beijing-time day containing `nowMs`, as epoch milliseconds. */
export function beijingDayStartMs(nowMs: number): number {
  return Math.floor((nowMs + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

/**
 * Half-open [fromMs, toMs) range of a record screen's period in Beijing time, whatever the host's
 * zone: today, yesterday, or the last seven days including today.
 */
export function periodRange(period: Period, nowMs: number): { fromMs: number; toMs: number } {
  const todayStart = beijingDayStartMs(nowMs);
  switch (period) {
    case 'today':
      return { fromMs: todayStart, toMs: todayStart + DAY_MS };
    case 'yesterday':
      return { fromMs: todayStart - DAY_MS, toMs: todayStart };
    case 'sevenDays':
      return { fromMs: todayStart - 6 * DAY_MS, toMs: todayStart + DAY_MS };
  }
}
