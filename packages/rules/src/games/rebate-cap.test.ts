import { describe, expect, it } from 'vitest';
import { GAME_CODES } from './game';
import { areaEdges, gameRebateMinor, lowestEdge, REBATE_BP_PER_UNIT, rebateCapBp } from './rebate-cap';
import { OPPOSITE_AREAS, validTurnover } from './valid-turnover';

/** (num/den) < (p/q), exactly. */
const below = (a: { num: bigint; den: bigint }, b: { num: bigint; den: bigint }) =>
  a.num * b.den < b.num * a.den;

describe('table-game rebate cap, from exact edges', () => {
  it('the lowest edges are the published ones (百家乐 庄 1.0579 %, 龙虎 3.73 %, 骰宝 1/36, 奔驰 1/25)', () => {
    expect(areaEdges('baccarat').banker).toEqual(lowestEdge('baccarat'));
    expect(Number((lowestEdge('baccarat').num * 1_000_000n) / lowestEdge('baccarat').den)).toBe(10579);
    expect(lowestEdge('sicbo')).toEqual({ num: 1n, den: 36n });
    expect(lowestEdge('benz')).toEqual({ num: 1n, den: 25n });
    expect(rebateCapBp('baccarat')).toBe(105);
    expect(rebateCapBp('sicbo')).toBe(277);
    expect(rebateCapBp('benz')).toBe(399);
    expect(rebateCapBp('redBlackWar')).toBe(249);
    expect(rebateCapBp('nn100')).toBe(249);
  });

  for (const code of GAME_CODES) {
    const edges = areaEdges(code);
    const cap = { num: BigInt(rebateCapBp(code)), den: REBATE_BP_PER_UNIT };
    it(`${code}: every area returns less than its stake with the rebate at the cap`, () => {
      // E[return] + rebate = 1 − edge + cap < 1  ⇔  cap < edge
      for (const [area, e] of Object.entries(edges)) expect(below(cap, e), area).toBe(true);
      // and one basis point more would not be allowed: the cap is the largest such rate
      const next = { num: cap.num + 1n, den: cap.den };
      expect(below(next, lowestEdge(code))).toBe(false);
    });
    it(`${code}: every hedge of opposite areas returns less than its stakes, rebate included`, () => {
      for (const [a, b] of OPPOSITE_AREAS[code] ?? []) {
        for (const [x, y] of [
          [10n, 10n],
          [20n, 10n],
          [10n, 30n],
        ] as const) {
          const stakes = x + y;
          // E[return] = x(1 − e_a) + y(1 − e_b); rebate = cap × |x − y|
          const ea = edges[a]!;
          const eb = edges[b]!;
          const lossNum = x * ea.num * eb.den + y * eb.num * ea.den; // over ea.den × eb.den
          const rebate =
            cap.num *
            validTurnover(code, [
              { area: a, stakeMinor: x, outcome: 'lose' },
              { area: b, stakeMinor: y, outcome: 'lose' },
            ]);
          // expected loss − rebate > 0, exactly
          expect(
            lossNum * cap.den - rebate * ea.den * eb.den,
            `${a}/${b} ${x}/${y} of ${stakes}`,
          ).toBeGreaterThan(0n);
        }
      }
    });
  }
});

describe('valid turnover', () => {
  it('opposite areas cancel: 10 on 庄 and 10 on 闲 is no turnover, 30 against 10 is 20', () => {
    const lose = 'lose' as const;
    const win = 'win' as const;
    expect(
      validTurnover('baccarat', [
        { area: 'banker', stakeMinor: 100_000n, outcome: win },
        { area: 'player', stakeMinor: 100_000n, outcome: lose },
      ]),
    ).toBe(0n);
    expect(
      validTurnover('dragonTigerWar', [
        { area: 'dragon', stakeMinor: 300_000n, outcome: win },
        { area: 'tiger', stakeMinor: 100_000n, outcome: lose },
        { area: 'tie', stakeMinor: 50_000n, outcome: lose },
      ]),
    ).toBe(250_000n);
    expect(
      validTurnover('sicbo', [
        { area: 'big', stakeMinor: 100_000n, outcome: lose },
        { area: 'small', stakeMinor: 100_000n, outcome: lose },
        { area: 'odd', stakeMinor: 100_000n, outcome: lose },
      ]),
    ).toBe(100_000n);
  });
  it('pushes and refunds are excluded; areas without an opposite count in full', () => {
    expect(
      validTurnover('baccarat', [
        { area: 'banker', stakeMinor: 100_000n, outcome: 'push' },
        { area: 'tie', stakeMinor: 20_000n, outcome: 'win' },
      ]),
    ).toBe(20_000n);
    expect(
      validTurnover('nn100', [
        { area: 'tian', stakeMinor: 100_000n, outcome: 'refunded' },
        { area: 'di', stakeMinor: 100_000n, outcome: 'win' },
        { area: 'xuan', stakeMinor: 100_000n, outcome: 'lose' },
      ]),
    ).toBe(200_000n);
  });
  it('a rebate is turnover × bp / 10000 rounded down to the cent', () => {
    expect(gameRebateMinor(178_000n, 50)).toBe(800n);
    expect(gameRebateMinor(100_000n, 0)).toBe(0n);
  });
});
