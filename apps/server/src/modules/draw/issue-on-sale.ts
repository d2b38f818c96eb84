import type { LotteryDef } from '@lottery/rules/lotteries';
import { currentIssue, type IssueTimes, issueBefore } from '@lottery/rules/schedule';

interface OnSale {
  /** The instant it was computed at; it stays the issue on sale from then until its close. */
  fromMs: number;
  times: IssueTimes;
  lastIssue: string;
}

const remembered = new Map<string, OnSale>();

/**
 * The issue on sale at `nowMs` and the issue before it, remembered per lottery: the schedule maths
 * (Beijing days, issue numbers) runs once per issue instead of once per request of every player.
 * Holds because the issue on sale at t is still on sale at any later instant before its close; a
 * clock that moved back (tests) recomputes.
 */
export function issueOnSale(lottery: LotteryDef, nowMs: number): { times: IssueTimes; lastIssue: string } {
  const known = remembered.get(lottery.code);
  if (known && known.fromMs <= nowMs && nowMs < known.times.closeMs) return known;
  const times = currentIssue(lottery, nowMs);
  const fresh = { fromMs: nowMs, times, lastIssue: issueBefore(lottery, times).issue };
  remembered.set(lottery.code, fresh);
  return fresh;
}
