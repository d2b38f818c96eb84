import { describe, expect, it } from 'vitest';
import { equalSplit, luckySplit } from './split';

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe('luckySplit', () => {
  it('always sums to the total with every share ≥ 0.01 yuan in whole cents', () => {
    for (const [total, count] of [
      [100_000n, 5],
      [10_000n, 1],
      [1_000_000n, 1000],
      [123_400n, 7],
      [100n * 1000n, 1000],
    ] as const) {
      for (let run = 0; run < 10; run++) {
        const shares = luckySplit(total, count);
        expect(shares).toHaveLength(count);
        expect(sum(shares)).toBe(total);
        for (const s of shares) {
          expect(s >= 100n).toBe(true);
          expect(s % 100n).toBe(0n);
        }
      }
    }
  });

  it('holds at the extremes of the random source', () => {
    const low = luckySplit(1_000_000n, 10, () => 0);
    const high = luckySplit(1_000_000n, 10, (max) => max - 1);
    for (const shares of [low, high]) {
      expect(sum(shares)).toBe(1_000_000n);
      expect(shares.every((s) => s >= 100n)).toBe(true);
    }
    expect(low.slice(0, 9).every((s) => s === 100n)).toBe(true);
    // drawing the top each time never exceeds twice the remaining average
    expect(high[0]).toBe(200_000n);
  });

  it('refuses totals below 0.01 per share or not in whole cents', () => {
    expect(() => luckySplit(900n, 10)).toThrow(RangeError);
    expect(() => luckySplit(10_050n, 2)).toThrow(RangeError);
  });
});

describe('equalSplit', () => {
  it('gives count equal shares', () => {
    expect(equalSplit(10_000n, 3)).toEqual([10_000n, 10_000n, 10_000n]);
    expect(() => equalSplit(50n, 2)).toThrow(RangeError);
  });
});
