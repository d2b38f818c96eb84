import type { Chance } from './play';

/**
 * Exact integer combinatorics and exact probabilities for the rules engine. Everything that feeds
 * odds or money is bigint; the number helpers (`chooseNumber`, `combinations`) are for note counts
 * and enumeration, which stay far below 2^53.
 */

export function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

export function factorial(n: number): bigint {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`factorial of ${n}`);
  let result = 1n;
  for (let i = 2n; i <= BigInt(n); i++) result *= i;
  return result;
}

/** C(n, k): ways to choose k of n, 0 when k is out of 0..n. */
export function choose(n: number, k: number): bigint {
  if (!Number.isInteger(n) || !Number.isInteger(k)) throw new RangeError(`choose(${n}, ${k})`);
  if (k < 0 || n < 0 || k > n) return 0n;
  const kk = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= kk; i++) {
    result = (result * BigInt(n - kk + i)) / BigInt(i);
  }
  return result;
}

/** P(n, k) = n!/(n-k)!: ordered arrangements of k of n, 0 when k is out of 0..n. */
export function permutations(n: number, k: number): bigint {
  if (!Number.isInteger(n) || !Number.isInteger(k)) throw new RangeError(`permutations(${n}, ${k})`);
  if (k < 0 || n < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result *= BigInt(n - i);
  return result;
}

/** C(n, k) as a number, for note counts (exact while the result is below 2^53). */
export function chooseNumber(n: number, k: number): number {
  return Number(choose(n, k));
}

// ---------------------------------------------------------------------------------------------
// Chance: exact probabilities num/den

export function chance(num: bigint | number, den: bigint | number): Chance {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d <= 0n) throw new RangeError('chance denominator must be positive');
  if (n < 0n) throw new RangeError('chance numerator must not be negative');
  return reduce({ num: n, den: d });
}

export const ZERO: Chance = { num: 0n, den: 1n };
export const ONE: Chance = { num: 1n, den: 1n };

export function reduce(c: Chance): Chance {
  if (c.num === 0n) return { num: 0n, den: 1n };
  const g = gcd(c.num, c.den);
  return { num: c.num / g, den: c.den / g };
}

export function addChance(a: Chance, b: Chance): Chance {
  return reduce({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
}

export function subtractChance(a: Chance, b: Chance): Chance {
  const num = a.num * b.den - b.num * a.den;
  if (num < 0n) throw new RangeError('negative chance');
  return reduce({ num, den: a.den * b.den });
}

export function multiplyChance(a: Chance, b: Chance): Chance {
  return reduce({ num: a.num * b.num, den: a.den * b.den });
}

export function scaleChance(a: Chance, factor: bigint): Chance {
  return reduce({ num: a.num * factor, den: a.den });
}

export function divideChance(a: Chance, b: Chance): Chance {
  if (b.num === 0n) throw new RangeError('division by zero chance');
  return reduce({ num: a.num * b.den, den: a.den * b.num });
}

export function sumChances(list: readonly Chance[]): Chance {
  let total = ZERO;
  for (const c of list) total = addChance(total, c);
  return total;
}

export function equalChance(a: Chance, b: Chance): boolean {
  return a.num * b.den === b.num * a.den;
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareChance(a: Chance, b: Chance): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** For display and statistics only; never for money. */
export function chanceToNumber(c: Chance): number {
  return Number(c.num) / Number(c.den);
}

// ---------------------------------------------------------------------------------------------
// Enumeration

/** All k-subsets of items in lexicographic index order. */
export function* combinations<T>(items: readonly T[], k: number): Generator<T[]> {
  const n = items.length;
  if (k < 0 || k > n) return;
  const idx = Array.from({ length: k }, (_, i) => i);
  while (true) {
    yield idx.map((i) => items[i] as T);
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    (idx[i] as number)++;
    for (let j = i + 1; j < k; j++) idx[j] = (idx[j - 1] as number) + 1;
  }
}

/** All ordered k-arrangements of distinct items. */
export function* arrangements<T>(items: readonly T[], k: number): Generator<T[]> {
  if (k < 0 || k > items.length) return;
  const used = new Array<boolean>(items.length).fill(false);
  const current: T[] = [];
  function* step(): Generator<T[]> {
    if (current.length === k) {
      yield current.slice();
      return;
    }
    for (let i = 0; i < items.length; i++) {
      if (used[i]) continue;
      used[i] = true;
      current.push(items[i] as T);
      yield* step();
      current.pop();
      used[i] = false;
    }
  }
  yield* step();
}

/**
 * Calls `visit` with every tuple of `length` values drawn from 0..base-1 (base^length tuples, the
 * last position varying fastest). The same array is reused between calls: copy it to keep it.
 */
export function forEachTuple(length: number, base: number, visit: (tuple: number[]) => void): void {
  const tuple = new Array<number>(length).fill(0);
  while (true) {
    visit(tuple);
    let i = length - 1;
    while (i >= 0 && tuple[i] === base - 1) {
      tuple[i] = 0;
      i--;
    }
    if (i < 0) return;
    (tuple[i] as number)++;
  }
}

/** Cartesian product of the given lists, every combination once. */
export function* cartesian<T>(lists: readonly (readonly T[])[]): Generator<T[]> {
  if (lists.some((l) => l.length === 0)) return;
  const idx = new Array<number>(lists.length).fill(0);
  while (true) {
    yield idx.map((i, p) => (lists[p] as readonly T[])[i] as T);
    let p = lists.length - 1;
    while (p >= 0 && idx[p] === (lists[p] as readonly T[]).length - 1) {
      idx[p] = 0;
      p--;
    }
    if (p < 0) return;
    (idx[p] as number)++;
  }
}

/**
 * C(n, k) as a plain number from a Pascal table up to `maxN` (exact: entries stay below 2^53 for
 * maxN ≤ 56), 0 when k is out of 0..n. Settlement counts winning notes with it; `choose` is bigint
 * and slower.
 */
export function pascalChoose(maxN: number): (n: number, k: number) => number {
  if (maxN > 56) throw new RangeError('pascalChoose: entries past n = 56 are not exact');
  const table: number[][] = [];
  for (let n = 0; n <= maxN; n++) {
    const row = [1];
    for (let k = 1; k < n; k++) row.push(table[n - 1]![k - 1]! + table[n - 1]![k]!);
    if (n > 0) row.push(1);
    table.push(row);
  }
  return (n, k) => (k < 0 || n < 0 || k > n || n > maxN ? 0 : table[n]![k]!);
}
