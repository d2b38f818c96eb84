import { describe, expect, it, vi } from 'vitest';

/**
 * Importing the play registry must not enumerate draws (issue 10: that cost ~0.4 s of blocking
 * time on the play page and at every server start). Three witnesses: math's tuple / arrangement /
 * combination walkers are counted here, draw tables built through `lazy` are counted by
 * drawTablesBuiltCount(), and tier chances computed by tierChancesComputedCount().
 */

const calls = vi.hoisted(() => ({ enumerations: 0 }));

vi.mock('./math', async (importOriginal) => {
  const math = await importOriginal<typeof import('./math')>();
  return {
    ...math,
    forEachTuple: (...args: Parameters<typeof math.forEachTuple>) => {
      calls.enumerations++;
      return math.forEachTuple(...args);
    },
    arrangements: (...args: Parameters<typeof math.arrangements>) => {
      calls.enumerations++;
      return math.arrangements(...args);
    },
    combinations: (...args: Parameters<typeof math.combinations>) => {
      calls.enumerations++;
      return math.combinations(...args);
    },
    cartesian: (...args: Parameters<typeof math.cartesian>) => {
      calls.enumerations++;
      return math.cartesian(...args);
    },
  };
});

describe('play registry import', () => {
  it('enumerates no draws and computes no tier chance until a chance is read', async () => {
    const { allPlays, findPlay } = await import('./plays');
    const { drawTablesBuiltCount, tierChancesComputedCount } = await import('./plays/common');
    expect(allPlays().length).toBeGreaterThan(100);
    expect(calls.enumerations).toBe(0);
    expect(drawTablesBuiltCount()).toBe(0);
    expect(tierChancesComputedCount()).toBe(0);

    // reading one chance computes that one (and proves the counters see enumeration)
    const championPair = findPlay('PK10', 'B11')!;
    expect(championPair.tiers[0]!.chance.den / championPair.tiers[0]!.chance.num).toBe(90n);
    expect(calls.enumerations).toBe(1);
    expect(drawTablesBuiltCount()).toBe(1);
    expect(tierChancesComputedCount()).toBe(1);
  });

  it('computes each tier chance once and keeps it', async () => {
    const { findPlay } = await import('./plays');
    const { tierChancesComputedCount } = await import('./plays/common');
    const twoSides = findPlay('SSC', 'K11')!;
    const before = tierChancesComputedCount();
    const first = twoSides.tiers.map((t) => [t.chance.num, t.chance.den]);
    const computed = tierChancesComputedCount() - before;
    expect(computed).toBe(twoSides.tiers.length);
    expect(twoSides.tiers.map((t) => [t.chance.num, t.chance.den])).toEqual(first);
    expect(tierChancesComputedCount() - before).toBe(computed);
  });
});
