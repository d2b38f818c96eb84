import { BEIJING_OFFSET_MS, beijingDayNumber, pad } from '@lottery/rules/beijing';

/**
 * The web's one formatter of dates and times: every instant the app shows is Beijing wall-clock
 * time (UTC+8, no daylight saving), whatever the zone of the phone or of the server that draws the
 * first screen. It reads only UTC getters of the instant moved by the offset of
 * `@lottery/rules/beijing`, never the host's zone, so the server's markup and the browser's agree.
 *
 * Pattern tokens, as dayjs spells them: `YYYY` year, `MM` month, `DD` day, `HH` hour (00-23),
 * `mm` minute, `ss` second, all zero-padded; `M` and `D` month and day without padding. Every other
 * character is copied, so a pattern holds no other Latin letters.
 *   beijingFormat(Date.UTC(2026, 2, 9, 16, 5, 9), 'YYYY-MM-DD HH:mm:ss') === '2026-03-10 00:05:09'
 *   beijingFormat(Date.UTC(2026, 2, 9, 16, 5, 9), 'YYYY/M/D HH:mm:ss')   === '2026/3/10 00:05:09'
 */
export function beijingFormat(ms: number | null | undefined, pattern: string): string {
  // no instant (or a broken one) is shown as the app's empty value, never as "NaN-NaN"
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '--';
  const wall = new Date(ms + BEIJING_OFFSET_MS);
  const month = wall.getUTCMonth() + 1;
  const day = wall.getUTCDate();
  const text: Record<string, string> = {
    YYYY: String(wall.getUTCFullYear()),
    MM: pad(month, 2),
    M: String(month),
    DD: pad(day, 2),
    D: String(day),
    HH: pad(wall.getUTCHours(), 2),
    mm: pad(wall.getUTCMinutes(), 2),
    ss: pad(wall.getUTCSeconds(), 2),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|M|D/g, (token) => text[token] ?? token);
}

/** Whole Beijing days from the day holding `ms` to the day holding `nowMs` (0 today, 1 yesterday). */
export function beijingDaysAgo(ms: number, nowMs: number): number {
  return beijingDayNumber(nowMs) - beijingDayNumber(ms);
}

/** Beijing weekday of an instant, 0 Sunday to 6 Saturday (1970-01-01, day 0, was a Thursday). */
export function beijingWeekday(ms: number): number {
  return (((beijingDayNumber(ms) + 4) % 7) + 7) % 7;
}
