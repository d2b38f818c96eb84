import { describe, expect, it } from 'vitest';
import {
  addChance,
  arrangements,
  cartesian,
  chance,
  choose,
  combinations,
  compareChance,
  divideChance,
  equalChance,
  factorial,
  forEachTuple,
  gcd,
  multiplyChance,
  pascalChoose,
  permutations,
  subtractChance,
} from './math';

describe('combinatorics', () => {
  it('computes factorials, choose and permutations exactly', () => {
    expect(factorial(0)).toBe(1n);
    expect(factorial(10)).toBe(3628800n);
    expect(choose(11, 5)).toBe(462n);
    expect(choose(80, 20)).toBe(3535316142212174320n);
    expect(choose(49, 6)).toBe(13983816n);
    expect(choose(5, 6)).toBe(0n);
    expect(choose(5, -1)).toBe(0n);
    expect(permutations(10, 3)).toBe(720n);
    expect(permutations(11, 3)).toBe(990n);
    expect(permutations(3, 4)).toBe(0n);
    expect(gcd(12n, 18n)).toBe(6n);
  });

  it('enumerates combinations, arrangements, tuples and products', () => {
    expect([...combinations([1, 2, 3, 4], 2)]).toEqual([
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 3],
      [2, 4],
      [3, 4],
    ]);
    expect([...combinations([1, 2, 3], 0)]).toEqual([[]]);
    expect([
      ...combinations(
        Array.from({ length: 11 }, (_, i) => i),
        5,
      ),
    ]).toHaveLength(462);
    expect([...arrangements(['a', 'b', 'c'], 2)]).toHaveLength(6);
    const seen: string[] = [];
    forEachTuple(2, 3, (t) => seen.push(t.join('')));
    expect(seen).toEqual(['00', '01', '02', '10', '11', '12', '20', '21', '22']);
    expect([...cartesian<number | string>([[1, 2], ['x']])]).toEqual([
      [1, 'x'],
      [2, 'x'],
    ]);
    expect([...cartesian<number>([[1, 2], []])]).toEqual([]);
  });
});

describe('chance', () => {
  it('reduces and combines exactly', () => {
    expect(chance(6, 216)).toEqual({ num: 1n, den: 36n });
    expect(addChance(chance(1, 6), chance(1, 3))).toEqual({ num: 1n, den: 2n });
    expect(multiplyChance(chance(1, 6), chance(3, 4))).toEqual({ num: 1n, den: 8n });
    expect(subtractChance(chance(1, 2), chance(1, 3))).toEqual({ num: 1n, den: 6n });
    expect(divideChance(chance(1, 8), chance(1, 2))).toEqual({ num: 1n, den: 4n });
    expect(equalChance({ num: 2n, den: 4n }, { num: 1n, den: 2n })).toBe(true);
    expect(compareChance(chance(1, 3), chance(1, 2))).toBe(-1);
    expect(() => chance(1, 0)).toThrow(RangeError);
    expect(() => subtractChance(chance(1, 3), chance(1, 2))).toThrow(RangeError);
  });
});

describe('pascalChoose', () => {
  it('agrees with the bigint choose up to its limit and is 0 outside 0..n', () => {
    const C = pascalChoose(49);
    for (const [n, k] of [
      [49, 7],
      [49, 24],
      [11, 5],
      [8, 0],
    ] as const)
      expect(BigInt(C(n, k))).toBe(choose(n, k));
    expect(C(5, 6)).toBe(0);
    expect(C(5, -1)).toBe(0);
    expect(C(50, 1)).toBe(0);
  });
});
