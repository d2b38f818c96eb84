/**
 * The Beijing clock (UTC+8, no daylight saving), whatever the host's zone: the one definition the
 * server and the web import. A Beijing day number is the count of whole days since 1970-01-01 00:00
 * Beijing time; every calculation is on epoch ms with UTC getters only, and the clock is never read
 * here (callers pass the instant).
 */

export const BEIJING_OFFSET_MS = 28_800_000;
export const DAY_MS = 86_400_000;

/** Beijing calendar day number of an instant. */
export function beijingDayNumber(ms: number): number {
  return Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);
}

/** Epoch ms of Beijing midnight starting day number `day`. */
export function beijingMidnightMs(day: number): number {
  return day * DAY_MS - BEIJING_OFFSET_MS;
}

/** Epoch ms of 00:00 Beijing time of the day holding `ms`. */
export function beijingDayStartMs(ms: number): number {
  return beijingMidnightMs(beijingDayNumber(ms));
}

/** Epoch ms of 00:00 Beijing time on the 1st of `month` (0-based, may overflow either way) of `year`. */
export function beijingMonthStartMs(year: number, month: number): number {
  return Date.UTC(year, month, 1) - BEIJING_OFFSET_MS;
}

/** Beijing year and 0-based month of an instant. */
export function beijingYearMonth(ms: number): { year: number; month: number } {
  const local = new Date(ms + BEIJING_OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() };
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** 'YYYY-MM-DD' of a Beijing day number. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Beijing date of an instant, 'YYYY-MM-DD'. */
export function beijingDate(ms: number): string {
  return isoDate(beijingDayNumber(ms));
}

/** Beijing time of day of an instant, 'HH:mm:ss'. */
export function beijingClock(ms: number): string {
  const within = ms + BEIJING_OFFSET_MS - beijingDayNumber(ms) * DAY_MS;
  const s = Math.floor(within / 1000);
  return `${pad(Math.floor(s / 3600), 2)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(s % 60, 2)}`;
}

/** Beijing date and time of an instant, 'YYYY-MM-DD HH:mm:ss'. */
export function beijingDateTime(ms: number): string {
  return `${beijingDate(ms)} ${beijingClock(ms)}`;
}

/** Beijing date and time of an instant as 14 digits, 'yyyyMMddHHmmss' (order numbers). */
export function beijingStamp(ms: number): string {
  return beijingDateTime(ms).replace(/\D/g, '');
}
