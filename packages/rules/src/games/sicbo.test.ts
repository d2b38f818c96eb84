import { describe, expect, it } from 'vitest';
import { type Die, SICBO_AREAS, type SicboArea, sicbo, sicboRound } from './sicbo';
import { chiSquare, chiSquareCritical, percent, ReturnTally, rational, statSecret } from './testing';

const FACES = [1, 2, 3, 4, 5, 6] as const;
const YUAN = 10_000n;

/** All 216 equally likely throws, each settled by the engine. */
function exactTally(): ReturnTally {
  const tally = new ReturnTally();
  for (const a of FACES)
    for (const b of FACES) for (const c of FACES) tally.add(sicbo.outcomes(sicboRound([a, b, c])), 1n);
  return tally;
}

describe('骰宝 house edge, by enumerating the 216 throws', () => {
  const tally = exactTally();
  const edge = (area: SicboArea) => percent(tally.edge(area));

  it('big, small, odd and even lose only on triples: 1/36 = 2.78 % (published)', () => {
    for (const area of ['big', 'small', 'odd', 'even'] as const) {
      expect(tally.edge(area)).toEqual(rational(1n, 36n));
      expect(edge(area)).toBe('2.78');
    }
  });

  it('totals at the standard table match the published edges', () => {
    const published: Record<number, string> = {
      4: '29.17',
      5: '47.22',
      6: '30.56',
      7: '9.72',
      8: '12.50',
      9: '18.98',
      10: '12.50',
    };
    for (let t = 4; t <= 17; t++) expect(edge(`total${t}` as SicboArea)).toBe(published[Math.min(t, 21 - t)]);
  });

  it('singles, doubles and triples match their closed forms', () => {
    // Single: k of 3 dice show the face with chance C(3,k)·5^(3-k)/216 and return k + 1.
    const singleRtp = rational(75n * 2n + 15n * 3n + 1n * 4n, 216n);
    const doubleRtp = rational(16n * 11n, 216n); // 15 throws with exactly two + 1 triple
    for (const f of FACES) {
      expect(tally.rtp(`single${f}`)).toEqual(singleRtp);
      expect(tally.rtp(`double${f}`)).toEqual(doubleRtp);
      expect(tally.rtp(`triple${f}`)).toEqual(rational(181n, 216n));
    }
    expect(tally.rtp('anyTriple')).toEqual(rational(6n * 31n, 216n));
    expect(edge('single1')).toBe('7.87');
    expect(edge('double1')).toBe('18.52');
    expect(edge('triple1')).toBe('16.20');
    expect(edge('anyTriple')).toBe('13.89');
  });

  it('covers every area of the table', () => {
    expect(tally.areas().sort()).toEqual(SICBO_AREAS.map((a) => a.code).sort());
  });
});

describe('骰宝 settlement', () => {
  const bets = (areas: SicboArea[]) => areas.map((area) => ({ area, stakeMinor: 10n * YUAN }));

  it('pays stake × odds to winners, nothing to losers; triples beat big and small', () => {
    const round = sicboRound([4, 5, 6]);
    expect(round.total).toBe(15);
    const result = sicbo.settle(round, bets(['big', 'small', 'odd', 'total15', 'single5', 'double5']));
    expect(result.map((r) => [r.outcome, r.returnMinor])).toEqual([
      ['win', 20n * YUAN],
      ['lose', 0n],
      ['win', 20n * YUAN],
      ['win', 150n * YUAN],
      ['win', 20n * YUAN],
      ['lose', 0n],
    ]);
    const triple = sicbo.settle(
      sicboRound([6, 6, 6]),
      bets(['big', 'even', 'single6', 'double6', 'triple6', 'anyTriple']),
    );
    expect(triple.map((r) => r.returnMinor)).toEqual([
      0n,
      0n,
      40n * YUAN,
      110n * YUAN,
      1810n * YUAN,
      310n * YUAN,
    ]);
  });

  it('refuses unknown areas and stakes that are not whole cents', () => {
    const round = sicboRound([1, 2, 3]);
    expect(() => sicbo.settle(round, [{ area: 'total3' as SicboArea, stakeMinor: YUAN }])).toThrow(/unknown/);
    expect(() => sicbo.settle(round, [{ area: 'big', stakeMinor: 150n }])).toThrow(/cents/);
    expect(() => sicbo.settle(round, [{ area: 'big', stakeMinor: 0n }])).toThrow(/cents/);
    expect(sicbo.isArea('total3')).toBe(false);
    expect(sicbo.isArea('total3'.replace('3', '4'))).toBe(true);
  });
});

describe('骰宝 deal', () => {
  const ROUNDS = 12_000;
  const rounds = Array.from({ length: ROUNDS }, (_, k) => sicbo.deal(statSecret(k), `stat-${k}`));

  it('throws fair dice: faces pass chi-square at p = 0.001, and so do the 216 ordered throws', () => {
    const faces = new Array<number>(6).fill(0);
    const throws = new Array<number>(216).fill(0);
    for (const r of rounds) {
      for (const d of r.dice) faces[d - 1]!++;
      const [a, b, c] = r.dice;
      throws[(a - 1) * 36 + (b - 1) * 6 + (c - 1)]!++;
    }
    expect(
      chiSquare(
        faces,
        faces.map(() => (ROUNDS * 3) / 6),
      ),
    ).toBeLessThan(chiSquareCritical(5));
    expect(
      chiSquare(
        throws,
        throws.map(() => ROUNDS / 216),
      ),
    ).toBeLessThan(chiSquareCritical(215));
  });

  it('is the same for a round and differs between rounds', () => {
    expect(sicbo.deal(statSecret(7), 'stat-7')).toEqual(rounds[7]);
    const distinct = new Set(rounds.slice(0, 40).map((r) => r.dice.join('')));
    expect(distinct.size).toBeGreaterThan(30);
  });

  it('dice spell as the digits 1-6', () => {
    const spelled = sicbo.spell(sicboRound([1, 6, 3] as [Die, Die, Die]));
    expect(spelled).toEqual(['1', '6', '3']);
  });
});
