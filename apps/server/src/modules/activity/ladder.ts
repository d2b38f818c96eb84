/**
 * Pure rules of sign-in streaks and VIP grades (docs/vip.md). No I/O.
 *
 * - A Beijing day is the number of whole days since 1970-01-01 00:00 UTC+8.
 * - A sign continues the streak when the previous sign was yesterday, else starts it at 1; the
 *   reward of streak n is that of ladder day ((n - 1) mod cycle) + 1.
 * - A grade is the highest whose growth threshold the player's growth (settled turnover plus
 *   deposits) reaches; grade 1 always (its threshold is 0 by rule).
 */

import { beijingDayNumber as beijingDay } from '@lottery/rules/beijing';

export { beijingDay };

export function nextStreak(previous: { signDay: number; streak: number } | undefined, today: number): number {
  return previous && previous.signDay === today - 1 ? previous.streak + 1 : 1;
}

export function ladderDay(streak: number, cycle: number): number {
  if (cycle <= 0) return 1;
  return ((streak - 1) % cycle) + 1;
}

export function gradeFor(
  growthMinor: bigint,
  rules: readonly { grade: number; growthMinor: bigint }[],
): number {
  let grade = 1;
  for (const rule of rules) if (growthMinor >= rule.growthMinor && rule.grade > grade) grade = rule.grade;
  return grade;
}

/** Integer percent (0-100) of the way from `from` to `to`. */
export function progressPercent(growthMinor: bigint, fromMinor: bigint, toMinor: bigint | null): number {
  if (toMinor === null || toMinor <= fromMinor) return 100;
  if (growthMinor <= fromMinor) return 0;
  if (growthMinor >= toMinor) return 100;
  return Number(((growthMinor - fromMinor) * 100n) / (toMinor - fromMinor));
}
