import { lotteryByCode } from '@lottery/rules/lotteries';
import { playRates } from '@lottery/rules/odds';
import { findPlay } from '@lottery/rules/plays';
import { describe, expect, it } from 'vitest';
import { linePayout } from './settler';

describe('linePayout', () => {
  const k3 = lotteryByCode('1401')!;
  const sum = findPlay('K3', 'A10')!;
  const group = 1900;

  it('splits a stake that does not divide evenly among its notes only at the end', () => {
    // K3 和值 on a "14" code: the amount ignores the count, so 2 yuan covers three sums.
    const line = {
      playDetailCode: '1401A10',
      bettingNumber: '4,10,17',
      bettingCount: 3,
      amountMinor: 20000n,
    };
    const rate = playRates(sum, group).get('sum10')!;
    const paid = linePayout(k3, { ...line, prizeGroup: group }, ['3', '3', '4']);
    // rate per 1 unit (10000 minor) × stake 20000 / 3 notes, floored once.
    expect(paid).toBe((rate * 20000n) / (10000n * 3n));
    // Dividing the stake first would have lost money to rounding.
    expect(paid).toBeGreaterThanOrEqual((rate * (20000n / 3n)) / 10000n);
  });

  it('pays nothing for a losing line', () => {
    const line = { playDetailCode: '1401A10', bettingNumber: '4,17', bettingCount: 2, amountMinor: 20000n };
    expect(linePayout(k3, { ...line, prizeGroup: group }, ['3', '3', '4'])).toBe(0n);
  });
});
