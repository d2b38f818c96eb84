import { LOTTERIES } from '@lottery/rules/lotteries';
import { currentIssue, issueBefore } from '@lottery/rules/schedule';
import { describe, expect, it } from 'vitest';
import { issueOnSale } from './issue-on-sale';

/** The remembered issue on sale equals the schedule's answer at every instant, clock going either way. */
describe('issue on sale', () => {
  const start = Date.UTC(2026, 0, 15, 15, 58, 0); // around Beijing midnight: day rollover
  it.each(LOTTERIES.map((l) => [l.code, l] as const))('lottery %s', (_code, lottery) => {
    const instants: number[] = [];
    for (let ms = start; ms < start + 6 * 60_000; ms += 7_919) instants.push(ms);
    instants.push(start - 86_400_000, start + 3 * 86_400_000, start); // jumps back and forth
    for (const ms of instants) {
      const expected = currentIssue(lottery, ms);
      const got = issueOnSale(lottery, ms);
      expect(got.times).toEqual(expected);
      expect(got.lastIssue).toBe(issueBefore(lottery, expected).issue);
    }
  });
});
