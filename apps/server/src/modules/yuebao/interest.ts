/**
 * Yuebao arithmetic, pure and in bigint minor units (1 yuan = 10000n). Rates are annual, in parts
 * per million (3.65 % = 36500). Every result rounds DOWN to the minor unit: a saver is never paid
 * a fraction the house did not book (the accrual books the day's rounding remainder separately).
 */

// Day numbers, their midnights and labels: the one Beijing clock, under this module's names.
import {
  beijingDayNumber as beijingDay,
  DAY_MS,
  isoDate as dayLabel,
  beijingMidnightMs as dayStartMs,
} from '@lottery/rules/beijing';

export { beijingDay, DAY_MS, dayLabel, dayStartMs };

export const PPM = 1_000_000n;
export const DAYS_PER_YEAR = 365n;

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
