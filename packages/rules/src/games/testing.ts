import { buildChain } from '../fair';
import { gcd } from '../math';
import type { AreaOutcome, Fraction } from './money';

/**
 * Test helpers for the table games: exact expectations over weighted outcomes (bigint rationals),
 * percentages to compare with published edges, chi-square, and a fixed chain of secrets so the
 * statistical tests are deterministic. Used by tests only.
 */

/** A signed exact rational. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

export function rational(num: bigint, den = 1n): Rational {
  if (den === 0n) throw new RangeError('zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export const sub = (a: Rational, b: Rational) => rational(a.num * b.den - b.num * a.den, a.den * b.den);

/** r as a percentage rounded half away from zero to `digits` decimals, e.g. '1.06'. */
export function percent(r: Rational, digits = 2): string {
  const scale = 10n ** BigInt(digits);
  const scaled = r.num * 100n * scale;
  const negative = scaled < 0n !== r.den < 0n && scaled !== 0n;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const q = (abs(scaled) * 2n + abs(r.den)) / (2n * abs(r.den));
  const whole = q / scale;
  const frac = (q % scale).toString().padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
}

export const toNumber = (r: Rational) => Number(r.num) / Number(r.den);

/**
 * Sums what each area returns per unit of stake over outcomes of known weight: after all adds,
 * `rtp(area)` is the exact expected return and `edge(area)` the expected loss per unit of stake.
 */
export class ReturnTally {
  private readonly weights = new Map<string, Map<string, { fraction: Fraction; weight: bigint }>>();
  private totalWeight = 0n;

  add(outcomes: Readonly<Record<string, AreaOutcome>>, weight: bigint): void {
    if (weight < 0n) throw new RangeError('negative weight');
    this.totalWeight += weight;
    for (const [area, outcome] of Object.entries(outcomes)) {
      const byReturn = this.weights.get(area) ?? new Map();
      this.weights.set(area, byReturn);
      const f = outcome.returnPerStake;
      const key = `${f.num}/${f.den}`;
      const cell = byReturn.get(key) ?? { fraction: f, weight: 0n };
      cell.weight += weight;
      byReturn.set(key, cell);
    }
  }

  get total(): bigint {
    return this.totalWeight;
  }

  areas(): string[] {
    return [...this.weights.keys()];
  }

  rtp(area: string): Rational {
    const cells = this.weights.get(area);
    if (!cells) throw new Error(`no outcomes for ${area}`);
    let r = rational(0n);
    for (const { fraction, weight } of cells.values()) {
      r = rational(r.num * fraction.den + weight * fraction.num * r.den, r.den * fraction.den);
    }
    return rational(r.num, r.den * this.totalWeight);
  }

  /** Expected loss per unit of stake, for a game that debits `debitPerStake` per unit staked. */
  edge(area: string, debitPerStake = 1n): Rational {
    return sub(rational(debitPerStake), this.rtp(area));
  }
}

/** Upper critical value of chi-square at p = 0.001 (Wilson-Hilferty), as fair.test.ts uses. */
export function chiSquareCritical(df: number): number {
  const z = 3.0902;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

export function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  return observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);
}

/** 4001 linked secrets from a fixed seed: round k of a statistical run uses STAT_CHAIN[k % 4000 + 1]. */
export const STAT_CHAIN = buildChain(`${'00'.repeat(31)}5c`, 4000);

export function statSecret(k: number): string {
  return STAT_CHAIN[(k % 4000) + 1]!;
}
