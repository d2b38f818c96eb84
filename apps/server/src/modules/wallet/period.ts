import type { Period } from '@lottery/contract/wallet';
import { beijingDayStartMs, DAY_MS } from '@lottery/rules/beijing';

export { beijingDayStartMs };

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
