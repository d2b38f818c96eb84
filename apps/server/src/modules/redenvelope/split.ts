import { randomInt } from 'node:crypto';
import { ENVELOPE_MIN_SHARE_MINOR } from '@lottery/contract/redenvelope';

/** Shares are whole cents: 0.01 yuan = 100 minor units. */
const CENT = ENVELOPE_MIN_SHARE_MINOR;

/** `random(maxExclusive)` -> integer in [0, maxExclusive); injectable for tests. */
export type RandomInt = (maxExclusive: number) => number;
const cryptoRandom: RandomInt = (max) => randomInt(0, max);

/**
 * Lucky split ("double average"): each share is drawn uniformly from 1 cent to twice the average
 * of what is left, never leaving the remaining shares less than 1 cent each; the last share takes
 * the rest. Integer arithmetic only; every share ≥ 0.01 yuan and the sum is exactly the total.
 */
export function luckySplit(totalMinor: bigint, count: number, random: RandomInt = cryptoRandom): bigint[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  if (totalMinor % CENT !== 0n) throw new RangeError('total must be whole cents');
  let remaining = totalMinor / CENT;
  if (remaining < BigInt(count)) throw new RangeError('total below 0.01 yuan per share');
  const shares: bigint[] = [];
  for (let left = count; left > 1; left -= 1) {
    const cap = remaining - BigInt(left - 1); // keep 1 cent for each later share
    const twiceAverage = (2n * remaining) / BigInt(left);
    const max = cap < twiceAverage ? cap : twiceAverage;
    const cents = max <= 1n ? 1n : 1n + BigInt(random(Number(max)));
    shares.push(cents * CENT);
    remaining -= cents;
  }
  shares.push(remaining * CENT);
  return shares;
}

/** Normal envelope: `count` equal shares of `shareMinor`. */
export function equalSplit(shareMinor: bigint, count: number): bigint[] {
  if (shareMinor < CENT || shareMinor % CENT !== 0n) throw new RangeError('share must be whole cents ≥ 0.01');
  return Array.from({ length: count }, () => shareMinor);
}
