/**
 * Yuebao arithmetic, pure and in bigint minor units (1 yuan = 10000n). Rates are annual, in parts
 * per million (3.65 % = 36500). Every result rounds DOWN to the minor unit: a saver is never paid
 * a fraction the house did not book (the accrual books the day's rounding remainder separately).
 */

export const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
export const PPM = 1_000_000n;
export const DAYS_PER_YEAR = 365n;

/** Days since 1970-01-01 in Beijing time (UTC+8), whatever the host's zone. */
export const beijingDay = (nowMs: number): number => Math.floor((nowMs + BEIJING_OFFSET_MS) / DAY_MS);

/** Epoch ms of 00:00 Beijing on `day`. */
export const dayStartMs = (day: number): number => day * DAY_MS - BEIJING_OFFSET_MS;

/** "2026-01-15" for a Beijing day number. */
export function dayLabel(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** One day's interest on `principalMinor` held all day: floor(principal × rate / 365). */
export function dailyInterest(principalMinor: bigint, ratePpm: number): bigint {
  if (principalMinor <= 0n || ratePpm <= 0) return 0n;
  return (principalMinor * BigInt(ratePpm)) / (PPM * DAYS_PER_YEAR);
}

/** Profit of a pledge held its whole term: floor(principal × rate × days / 365), simple interest. */
export function pledgeProfit(principalMinor: bigint, ratePpm: number, termDays: number): bigint {
  return (principalMinor * BigInt(ratePpm) * BigInt(termDays)) / (PPM * DAYS_PER_YEAR);
}

/** What an early cancel keeps: floor(principal × penalty). */
export function cancelPenalty(principalMinor: bigint, penaltyPpm: number): bigint {
  return (principalMinor * BigInt(penaltyPpm)) / PPM;
}
