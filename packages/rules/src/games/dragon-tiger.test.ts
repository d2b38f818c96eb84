import { describe, expect, it } from 'vitest';
import { type Card, parseCard, type Rank, spellCard } from './cards';
import { DRAGON_TIGER_DECKS, dragonTiger, dragonTigerRound } from './dragon-tiger';
import { chiSquare, chiSquareCritical, percent, ReturnTally, rational, statSecret } from './testing';

const YUAN = 10_000n;
const RANKS = Array.from({ length: 13 }, (_, i) => (i + 1) as Rank);
const card = (rank: Rank): Card => ({ rank, suit: 'S' });

describe('龙虎斗 house edge, by enumerating both ranks from 8 decks', () => {
  // 32 cards of each rank in 416; the second card is drawn from what the first left.
  const tally = new ReturnTally();
  const perRank = BigInt(4 * DRAGON_TIGER_DECKS);
  for (const d of RANKS)
    for (const t of RANKS)
      tally.add(
        dragonTiger.outcomes(dragonTigerRound(card(d), card(t))),
        perRank * (d === t ? perRank - 1n : perRank),
      );
  const pTie = rational(13n * 32n * 31n, 416n * 415n);

  it('weighs every ordered pair of the 416-card shoe', () => {
    expect(tally.total).toBe(416n * 415n);
  });

  it('dragon and tiger lose half on a tie: edge P(tie)/2 = 3.73 % (published)', () => {
    for (const area of ['dragon', 'tiger']) {
      expect(tally.edge(area)).toEqual(rational(pTie.num, pTie.den * 2n));
      expect(percent(tally.edge(area))).toBe('3.73');
    }
  });

  it('tie at 8:1: edge 1 - 9·P(tie) = 32.77 % (published)', () => {
    expect(tally.edge('tie')).toEqual(rational(pTie.den - 9n * pTie.num, pTie.den));
    expect(percent(tally.edge('tie'))).toBe('32.77');
  });
});

describe('龙虎斗 settlement', () => {
  const bets = [
    { area: 'dragon', stakeMinor: 100n * YUAN },
    { area: 'tiger', stakeMinor: 100n * YUAN },
    { area: 'tie', stakeMinor: 100n * YUAN },
  ] as const;

  it('compares ranks only, A low and K high', () => {
    expect(dragonTigerRound(parseCard('KD'), parseCard('QS')).winner).toBe('dragon');
    expect(dragonTigerRound(parseCard('AS'), parseCard('2D')).winner).toBe('tiger');
    expect(dragonTigerRound(parseCard('7S'), parseCard('7H')).winner).toBe('tie');
  });

  it('pays 1:1 to the winner, nothing to the loser and the tie', () => {
    const r = dragonTiger.settle(dragonTigerRound(parseCard('9C'), parseCard('3H')), bets);
    expect(r.map((s) => [s.outcome, s.returnMinor])).toEqual([
      ['win', 200n * YUAN],
      ['lose', 0n],
      ['lose', 0n],
    ]);
  });

  it('on a tie returns half of 龙 and 虎 stakes and pays the tie 8:1', () => {
    const r = dragonTiger.settle(dragonTigerRound(parseCard('JC'), parseCard('JD')), bets);
    expect(r.map((s) => [s.outcome, s.returnMinor])).toEqual([
      ['halfLost', 50n * YUAN],
      ['halfLost', 50n * YUAN],
      ['win', 900n * YUAN],
    ]);
    // Half of 0.03 yuan is 0.015: rounded down to the cent.
    const [odd] = dragonTiger.settle(dragonTigerRound(parseCard('JC'), parseCard('JD')), [
      { area: 'dragon', stakeMinor: 300n },
    ]);
    expect(odd!.returnMinor).toBe(100n);
  });
});

describe('龙虎斗 deal', () => {
  const ROUNDS = 12_000;
  const rounds = Array.from({ length: ROUNDS }, (_, k) => dragonTiger.deal(statSecret(k), `stat-${k}`));

  it('deals fair ranks to both seats (chi-square at p = 0.001) and ties as often as 8 decks say', () => {
    const ranks = new Array<number>(13).fill(0);
    let ties = 0;
    for (const r of rounds) {
      ranks[r.dragon.rank - 1]!++;
      ranks[r.tiger.rank - 1]!++;
      if (r.winner === 'tie') ties++;
    }
    expect(
      chiSquare(
        ranks,
        ranks.map(() => (2 * ROUNDS) / 13),
      ),
    ).toBeLessThan(chiSquareCritical(12));
    const p = (13 * 32 * 31) / (416 * 415);
    expect(Math.abs(ties - ROUNDS * p)).toBeLessThan(4 * Math.sqrt(ROUNDS * p * (1 - p)));
  });

  it('deals the very same card to both seats only as often as an 8-deck shoe allows', () => {
    const same = rounds.filter((r) => spellCard(r.dragon) === spellCard(r.tiger)).length;
    const p = 7 / 415;
    expect(Math.abs(same - ROUNDS * p)).toBeLessThan(4 * Math.sqrt(ROUNDS * p));
  });

  it('is the same for a round and differs between rounds', () => {
    expect(dragonTiger.deal(statSecret(3), 'stat-3')).toEqual(rounds[3]);
    expect(new Set(rounds.slice(0, 40).map((r) => dragonTiger.spell(r).join())).size).toBeGreaterThan(35);
  });
});
