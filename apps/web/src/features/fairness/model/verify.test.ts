import type { FairnessIssue } from '@lottery/contract/draw';
import { buildChain, drawResult } from '@lottery/rules/fair';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { describe, expect, it } from 'vitest';
import { REASONS, verifyIssue } from './verify';

const SEED = 'a'.repeat(64);
const chain = buildChain(SEED, 5);
const lottery = lotteryByCode('1401')!;
const ISSUE = '202603100003';

function published(k: number, over: Partial<FairnessIssue> = {}): FairnessIssue {
  return {
    lotteryCode: lottery.code,
    issue: ISSUE,
    numbers: drawResult(lottery, ISSUE, chain[k]!),
    businessDate: '2026-03-10',
    k,
    secret: chain[k]!,
    previousSecret: chain[k - 1]!,
    head: chain[0]!,
    drawTime: 0,
    ...over,
  };
}

describe('verifying a draw in the browser', () => {
  it('passes an honest draw and walks the chain back to the head', () => {
    expect(verifyIssue(published(3), chain[0]!)).toEqual({ ok: true, numbers: published(3).numbers });
    expect(verifyIssue(published(1), chain[0]!).ok).toBe(true);
  });

  it('fails when the published numbers differ from the secret', () => {
    const data = published(3);
    const other = data.numbers.map((n) => String((Number(n) % 6) + 1));
    const verdict = verifyIssue({ ...data, numbers: other }, chain[0]!);
    expect(verdict).toMatchObject({ ok: false, reason: REASONS.numbersDiffer, numbers: data.numbers });
  });

  it('fails when the secret does not hash to the previous one', () => {
    expect(verifyIssue(published(3, { previousSecret: chain[1]! }), chain[0]!)).toMatchObject({
      ok: false,
      reason: REASONS.brokenChain,
    });
  });

  it('fails when the chain does not lead to the head published beforehand', () => {
    expect(verifyIssue(published(3), 'b'.repeat(64))).toMatchObject({
      ok: false,
      reason: REASONS.headMismatch,
    });
    // Claiming the wrong position in the chain breaks the walk too.
    expect(verifyIssue(published(3, { k: 4 }), chain[0]!)).toMatchObject({
      ok: false,
      reason: REASONS.headMismatch,
    });
  });
});
