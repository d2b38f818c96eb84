import { describe, expect, it } from 'vitest';
import {
  type BaccaratRound,
  baccarat,
  baccaratNoCommission,
  baccaratOutcomes,
  dealBaccarat,
  playCoup,
  spellBaccarat,
} from './baccarat';
import { coupsByTotals, forEachPairDeal } from './baccarat-enumeration';
import { parseCard, spellCard } from './cards';
import { chiSquare, chiSquareCritical, percent, ReturnTally, statSecret, toNumber } from './testing';

const YUAN = 10_000n;
const cards = (spelled: string) => spelled.split(' ').map(parseCard);
/** A coup from the given shoe order (P1 B1 P2 B2, then third cards), padded with kings. */
const coup = (spelled: string) => {
  const c = cards(spelled);
  return playCoup([...c, ...cards('KS KS KS KS KS KS').slice(c.length)]);
};

/** The main bets over every six-card deal by totals (baccarat-enumeration.ts), in both modes. */
function mainBetTallies(): { commission: ReturnTally; noCommission: ReturnTally; total: bigint } {
  const commission = new ReturnTally();
  const noCommission = new ReturnTally();
  for (const { coup, weight } of coupsByTotals()) {
    commission.add(baccaratOutcomes(coup, 'commission'), BigInt(weight));
    noCommission.add(baccaratOutcomes(coup, 'noCommission'), BigInt(weight));
  }
  return { commission, noCommission, total: commission.total };
}

/** The pairs over every four-rank deal (baccarat-enumeration.ts). */
function pairTally(): ReturnTally {
  const tally = new ReturnTally();
  forEachPairDeal((coup, weight) => {
    const { bankerPair, playerPair } = baccaratOutcomes(coup);
    tally.add({ bankerPair, playerPair }, weight);
  });
  return tally;
}

const { commission, noCommission, total } = mainBetTallies();

describe('百家乐 house edge, by enumerating the 8-deck shoe', () => {
  const pairs = pairTally();

  it('weighs every six-card sequence of the shoe', () => {
    expect(total).toBe(416n * 415n * 414n * 413n * 412n * 411n);
  });

  it('banker 1.06 %, player 1.24 %, tie 14.36 % at 8:1 (published)', () => {
    expect(percent(commission.edge('banker'))).toBe('1.06');
    expect(percent(commission.edge('player'))).toBe('1.24');
    expect(percent(commission.edge('tie'))).toBe('14.36');
    // Four decimals as the literature prints them: 1.0579 %, 1.2351 %, 14.3596 %.
    expect(percent(commission.edge('banker'), 4)).toBe('1.0579');
    expect(percent(commission.edge('player'), 4)).toBe('1.2351');
    expect(percent(commission.edge('tie'), 4)).toBe('14.3596');
  });

  it('no-commission banker (a banker 6 pays 1:0.5): 1.46 % (published)', () => {
    expect(percent(noCommission.edge('banker'))).toBe('1.46');
    expect(noCommission.edge('player')).toEqual(commission.edge('player'));
  });

  it('pairs at 11:1: 1 - 12·31/415 = 10.36 % (published)', () => {
    for (const area of ['bankerPair', 'playerPair']) {
      expect(pairs.edge(area)).toEqual({ num: 43n, den: 415n });
      expect(percent(pairs.edge(area))).toBe('10.36');
    }
  });
});

describe('百家乐 tableau', () => {
  const hands = (r: BaccaratRound) => [r.player.map(spellCard).join(' '), r.banker.map(spellCard).join(' ')];

  it('ends on a natural 8 or 9, the other side standing even on 0', () => {
    const r = coup('8S KH 10S QH 5C 5D');
    expect(hands(r)).toEqual(['8S 10S', 'KH QH']);
    expect([r.playerTotal, r.bankerTotal, r.winner]).toEqual([8, 0, 'player']);
    expect(coup('AS 4H 2S 5H').winner).toBe('banker');
  });

  it('player draws on 0-5 and stands on 6-7; banker then draws on 0-5 if the player stood', () => {
    expect(hands(coup('3S 2H 2S 3H 4C 9D'))).toEqual(['3S 2S 4C', '2H 3H 9D']);
    expect(hands(coup('6S 2H KS 3H 4C 9D'))).toEqual(['6S KS', '2H 3H 4C']);
    expect(hands(coup('7S 6H KS KH 4C'))).toEqual(['7S KS', '6H KH']);
  });

  it('banker follows the tableau on 3-6 by the player third card', () => {
    // Player A K = 1 draws `third`; banker K + `second` holds the second card's points.
    const bankerDraws = (second: string, third: string) =>
      coup(`AS KH KS ${second} ${third} 2D`).banker.length === 3;
    expect(bankerDraws('3H', '8C')).toBe(false);
    expect(bankerDraws('3H', '9C')).toBe(true);
    expect(bankerDraws('4H', 'AC')).toBe(false);
    expect(bankerDraws('4H', '2C')).toBe(true);
    expect(bankerDraws('4H', '7C')).toBe(true);
    expect(bankerDraws('4H', '8C')).toBe(false);
    expect(bankerDraws('5H', '3C')).toBe(false);
    expect(bankerDraws('5H', '4C')).toBe(true);
    expect(bankerDraws('6H', '5C')).toBe(false);
    expect(bankerDraws('6H', '6C')).toBe(true);
    expect(bankerDraws('6H', '7C')).toBe(true);
    expect(bankerDraws('7H', '7C')).toBe(false);
    expect(bankerDraws('2H', '8C')).toBe(true);
  });

  it('spells the cards in the order they left the shoe', () => {
    expect(spellBaccarat(coup('6S 2H KS 3H 4C 9D'))).toEqual(['6S', '2H', 'KS', '3H', '4C']);
  });
});

describe('百家乐 settlement', () => {
  const all = (['banker', 'player', 'tie', 'bankerPair', 'playerPair'] as const).map((area) => ({
    area,
    stakeMinor: 100n * YUAN,
  }));
  const returns = (game: typeof baccarat, shoe: string) =>
    game.settle(coup(shoe), all).map((s) => [s.outcome, s.returnMinor / YUAN]);

  it('banker wins pay 0.95, pairs 11:1', () => {
    // Player 2 3 = 5 draws K: 5; banker 7 7 = 4 stands on a player third card of 0: 5 beats 4.
    expect(returns(baccarat, '2S 7H 3S 7D KC 2D')).toEqual([
      ['lose', 0n],
      ['win', 200n],
      ['lose', 0n],
      ['win', 1200n],
      ['lose', 0n],
    ]);
    expect(returns(baccarat, '2S 9H 3S KD KC 2D')).toEqual([
      ['win', 195n],
      ['lose', 0n],
      ['lose', 0n],
      ['lose', 0n],
      ['lose', 0n],
    ]);
  });

  it('a tie pays 8:1 and pushes banker and player', () => {
    expect(returns(baccarat, '9S 9H KS KD')).toEqual([
      ['push', 100n],
      ['push', 100n],
      ['win', 900n],
      ['lose', 0n],
      ['lose', 0n],
    ]);
  });

  it('no commission: banker wins pay 1:1, a banker 6 pays 1:0.5', () => {
    expect(returns(baccaratNoCommission, '2S 9H 3S KD KC 2D')[0]).toEqual(['win', 200n]);
    // Player K 5 = 5 draws K: 5; banker 2 4 = 6 stands on a player third card of 0: banker wins with 6.
    const bankerSix = coup('KS 2H 5S 4D KC');
    expect([bankerSix.playerTotal, bankerSix.bankerTotal, bankerSix.winner]).toEqual([5, 6, 'banker']);
    expect(baccaratNoCommission.settle(bankerSix, all)[0]!.returnMinor).toBe(150n * YUAN);
    expect(baccarat.settle(bankerSix, all)[0]!.returnMinor).toBe(195n * YUAN);
  });

  it('rounds the commission down to the cent', () => {
    const [bet] = baccarat.settle(coup('2S 9H 3S KD KC 2D'), [{ area: 'banker', stakeMinor: 300n }]);
    // 0.03 yuan × 1.95 = 0.0585: 0.05 comes back.
    expect(bet!.returnMinor).toBe(500n);
  });
});

describe('百家乐 deal', () => {
  const ROUNDS = 8_000;
  const rounds = Array.from({ length: ROUNDS }, (_, k) => dealBaccarat(statSecret(k), `stat-${k}`));

  it('gives the first card of the shoe a fair rank (chi-square at p = 0.001)', () => {
    const ranks = new Array<number>(13).fill(0);
    for (const r of rounds) ranks[r.player[0]!.rank - 1]!++;
    expect(
      chiSquare(
        ranks,
        ranks.map(() => ROUNDS / 13),
      ),
    ).toBeLessThan(chiSquareCritical(12));
  });

  it('wins as often as the exact shoe says (banker 45.86 %, player 44.62 %, tie 9.52 %), within 4 sigma', () => {
    // From the exact returns: a tie returns 9 on 和; 闲 returns 2 on a player win and 1 on a tie.
    const tie = toNumber(commission.rtp('tie')) / 9;
    const player = (toNumber(commission.rtp('player')) - tie) / 2;
    const expected = { banker: 1 - tie - player, player, tie };
    expect(expected.banker.toFixed(4)).toBe('0.4586');
    for (const [winner, p] of Object.entries(expected)) {
      const n = rounds.filter((r) => r.winner === winner).length;
      expect(Math.abs(n - ROUNDS * p)).toBeLessThan(4 * Math.sqrt(ROUNDS * p * (1 - p)));
    }
  });

  it('is the same for a round and differs between rounds; no card beyond the shoe', () => {
    expect(baccarat.deal(statSecret(5), 'stat-5')).toEqual(rounds[5]);
    expect(new Set(rounds.slice(0, 40).map((r) => spellBaccarat(r).join())).size).toBe(40);
    for (const r of rounds.slice(0, 500)) {
      const used = spellBaccarat(r);
      expect(used.length).toBeGreaterThanOrEqual(4);
      expect(used.length).toBeLessThanOrEqual(6);
    }
  });
});
