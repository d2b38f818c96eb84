import { describe, expect, it } from 'vitest';
import { BENZ_SLOTS, BENZ_SYMBOLS, type BenzSymbol, benz, benzRound, benzSymbolAt } from './benz';
import { chiSquare, chiSquareCritical, percent, ReturnTally, rational, statSecret } from './testing';

const YUAN = 10_000n;

describe('奔驰宝马 house edge, from the published weights', () => {
  const tally = new ReturnTally();
  for (let slot = 0; slot < BENZ_SLOTS; slot++) tally.add(benz.outcomes(benzRound(slot)), 1n);

  it('every slot of the wheel is one outcome, every symbol holds its weight', () => {
    expect(tally.total).toBe(125n);
    for (const s of BENZ_SYMBOLS) {
      const slots = Array.from({ length: BENZ_SLOTS }, (_, i) => benzSymbolAt(i)).filter((x) => x === s.code);
      expect(slots).toHaveLength(s.weight);
    }
  });

  it('every area returns 96 %: a 4.00 % edge', () => {
    for (const s of BENZ_SYMBOLS) {
      expect(tally.edge(s.code)).toEqual(rational(1n, 25n));
      expect(percent(tally.edge(s.code))).toBe('4.00');
    }
  });
});

describe('奔驰宝马 settlement', () => {
  it('pays the symbol its multiple (stake included), nothing to the others', () => {
    const round = benzRound(0);
    expect(round.symbol).toBe('porscheBig');
    const bets = (['porscheBig', 'porscheSmall', 'vwBig'] as BenzSymbol[]).map((area) => ({
      area,
      stakeMinor: 10n * YUAN,
    }));
    expect(benz.settle(round, bets).map((b) => [b.outcome, b.returnMinor / YUAN])).toEqual([
      ['win', 400n],
      ['lose', 0n],
      ['lose', 0n],
    ]);
    expect(
      benz.settle(benzRound(BENZ_SLOTS - 1), [{ area: 'vwSmall', stakeMinor: YUAN }])[0]!.returnMinor,
    ).toBe(5n * YUAN);
    expect(() => benzRound(BENZ_SLOTS)).toThrow(RangeError);
  });
});

describe('奔驰宝马 deal', () => {
  const ROUNDS = 12_000;
  const rounds = Array.from({ length: ROUNDS }, (_, k) => benz.deal(statSecret(k), `stat-${k}`));

  it('stops on each symbol in proportion to its weight (chi-square at p = 0.001)', () => {
    const observed = BENZ_SYMBOLS.map((s) => rounds.filter((r) => r.symbol === s.code).length);
    const expected = BENZ_SYMBOLS.map((s) => (ROUNDS * s.weight) / BENZ_SLOTS);
    expect(chiSquare(observed, expected)).toBeLessThan(chiSquareCritical(BENZ_SYMBOLS.length - 1));
  });

  it('is the same for a round, spells symbol and slot', () => {
    expect(benz.deal(statSecret(11), 'stat-11')).toEqual(rounds[11]);
    expect(benz.spell(rounds[11]!)).toEqual([rounds[11]!.symbol, String(rounds[11]!.slot)]);
    expect(new Set(rounds.slice(0, 40).map((r) => r.slot)).size).toBeGreaterThan(25);
  });
});
