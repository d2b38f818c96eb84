import type { ReportPeriod } from '@lottery/contract/records';
import {
  beijingDayNumber,
  beijingDayStartMs,
  beijingMonthStartMs,
  beijingYearMonth,
  DAY_MS,
} from '@lottery/rules/beijing';

/**
 * Half-open [fromMs, toMs) range of a report period in Beijing time, whatever the host's zone.
 * today, yesterday and sevenDays (today and the six days before) are the record screens' periods;
 * lastWeek is Monday to Sunday of the week before this one; thisMonth runs from the 1st to the end
 * of today; lastMonth is the whole previous calendar month.
 */
export function reportRange(period: ReportPeriod, nowMs: number): { fromMs: number; toMs: number } {
  const todayStart = beijingDayStartMs(nowMs);
  const tomorrowStart = todayStart + DAY_MS;
  switch (period) {
    case 'today':
      return { fromMs: todayStart, toMs: tomorrowStart };
    case 'yesterday':
      return { fromMs: todayStart - DAY_MS, toMs: todayStart };
    case 'sevenDays':
      return { fromMs: todayStart - 6 * DAY_MS, toMs: tomorrowStart };
    case 'lastWeek': {
      // 1970-01-01 was a Thursday: Monday-based weekday of the Beijing date.
      const weekday = (beijingDayNumber(todayStart) + 3) % 7;
      const thisMonday = todayStart - weekday * DAY_MS;
      return { fromMs: thisMonday - 7 * DAY_MS, toMs: thisMonday };
    }
    case 'thisMonth':
    case 'lastMonth': {
      const { year, month } = beijingYearMonth(nowMs);
      const monthStart = beijingMonthStartMs(year, month);
      return period === 'thisMonth'
        ? { fromMs: monthStart, toMs: tomorrowStart }
        : { fromMs: beijingMonthStartMs(year, month - 1), toMs: monthStart };
    }
  }
}
