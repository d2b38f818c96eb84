import { type Card, dealShoe, spellCard, suitStrength } from './cards';
import { type AreaDef, areaGuard, type TableGame } from './game';
import { type AreaOutcome, fraction, LOST, paysToOne, settleBets, stakeDebit, won } from './money';
import { RoundStream } from './stream';

/**
 * 红黑大战 (redBlackWar): the top six cards of one shuffled 52-card deck, three to 红 (red) and three
 * to 黑 (black), in that order. Hands rank 豹子 (three of a rank) > 顺金 (straight flush) > 金花
 * (flush) > 顺子 (straight) > 对子 (pair) > 散牌 (high card); A is high, and A-2-3 is a straight (the
 * lowest one, below 2-3-4); Q-K-A is the highest. There is no 2-3-5 special.
 *
 * Within a type: 豹子 by rank; straights by their top card (A-2-3 counts 3); 对子 by the pair, then
 * the odd card; 金花 and 散牌 by the ranks high to low. Hands still equal are split by the suit of
 * their highest card (黑桃 > 红桃 > 梅花 > 方块), so two hands from one deck never tie.
 *
 * | area | code | pays |
 * |---|---|---|
 * | 红 / 黑 | `red` / `black` | 1:0.95 (the usual 5 % commission on the win) |
 * | 幸运一击 | `luckyHit` | on the winning hand: 对子 9-A 1:1, 顺子 2:1, 金花 3:1, 顺金 5:1, 豹子 10:1; 对子 2-8 and 散牌 lose |
 */

export const HAND_TYPES = ['high', 'pair', 'straight', 'flush', 'straightFlush', 'leopard'] as const;
export type HandType = (typeof HAND_TYPES)[number];
export const HAND_TYPE_NAMES: Readonly<Record<HandType, string>> = {
  high: '散牌',
  pair: '对子',
  straight: '顺子',
  flush: '金花',
  straightFlush: '顺金',
  leopard: '豹子',
};

export interface ThreeCardHand {
  readonly type: HandType;
  /** Compared left to right: type, ranks in order of significance (A = 14), then the top card's suit. */
  readonly strength: readonly number[];
}

export type RedBlackArea = 'red' | 'black' | 'luckyHit';
export type RedBlackWinner = 'red' | 'black';
/** What the lucky hit pays on: a pair of 9s or better, or a straight and above. */
export type LuckyHit = 'bigPair' | 'straight' | 'flush' | 'straightFlush' | 'leopard';

export interface RedBlackRound {
  readonly red: readonly Card[];
  readonly black: readonly Card[];
  readonly redHand: ThreeCardHand;
  readonly blackHand: ThreeCardHand;
  readonly winner: RedBlackWinner;
  /** The winning hand's lucky-hit class, none below a pair of 9s. */
  readonly luckyHit: LuckyHit | null;
}

/** Profit per unit of the lucky hit. */
export const LUCKY_HIT_PAYS: Readonly<Record<LuckyHit, bigint>> = {
  bigPair: 1n,
  straight: 2n,
  flush: 3n,
  straightFlush: 5n,
  leopard: 10n,
};
const BIG_PAIR_FROM = 9;

export const RED_BLACK_AREAS: readonly AreaDef<RedBlackArea>[] = [
  { code: 'red', name: '红', pays: '1:0.95' },
  { code: 'black', name: '黑', pays: '1:0.95' },
  { code: 'luckyHit', name: '幸运一击', pays: '1:1 ~ 10:1' },
];

const aceHigh = (card: Card) => (card.rank === 1 ? 14 : card.rank);

export function evaluateThree(cards: readonly Card[]): ThreeCardHand {
  if (cards.length !== 3) throw new RangeError('a hand is three cards');
  const sorted = [...cards].sort(
    (a, b) => aceHigh(b) - aceHigh(a) || suitStrength(b.suit) - suitStrength(a.suit),
  );
  const [hi, mid, lo] = sorted.map(aceHigh) as [number, number, number];
  const topSuit = suitStrength(sorted[0]!.suit);
  const flush = cards.every((c) => c.suit === cards[0]!.suit);
  const wheel = hi === 14 && mid === 3 && lo === 2;
  const run = (hi - mid === 1 && mid - lo === 1) || wheel;
  const runTop = wheel ? 3 : hi;
  if (hi === lo) return { type: 'leopard', strength: [5, hi, topSuit] };
  if (run && flush) return { type: 'straightFlush', strength: [4, runTop, topSuit] };
  if (flush) return { type: 'flush', strength: [3, hi, mid, lo, topSuit] };
  if (run) return { type: 'straight', strength: [2, runTop, topSuit] };
  if (hi === mid) return { type: 'pair', strength: [1, hi, lo, topSuit] };
  if (mid === lo) return { type: 'pair', strength: [1, mid, hi, topSuit] };
  return { type: 'high', strength: [0, hi, mid, lo, topSuit] };
}

/** > 0 when a beats b; never 0 for two hands of one deck. */
export function compareThree(a: ThreeCardHand, b: ThreeCardHand): number {
  for (let i = 0; i < Math.max(a.strength.length, b.strength.length); i++) {
    const d = (a.strength[i] ?? 0) - (b.strength[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export function luckyHitOf(hand: ThreeCardHand): LuckyHit | null {
  switch (hand.type) {
    case 'pair':
      return hand.strength[1]! >= BIG_PAIR_FROM ? 'bigPair' : null;
    case 'high':
      return null;
    default:
      return hand.type;
  }
}

export function redBlackRound(red: readonly Card[], black: readonly Card[]): RedBlackRound {
  const redHand = evaluateThree(red);
  const blackHand = evaluateThree(black);
  const order = compareThree(redHand, blackHand);
  if (order === 0) throw new Error('two hands of one deck cannot tie');
  const winner = order > 0 ? 'red' : 'black';
  return { red, black, redHand, blackHand, winner, luckyHit: luckyHitOf(order > 0 ? redHand : blackHand) };
}

export function dealRedBlack(secretHex: string, roundId: string): RedBlackRound {
  const cards = dealShoe(new RoundStream(secretHex, 'redBlackWar', roundId), 1, 6);
  return redBlackRound(cards.slice(0, 3), cards.slice(3));
}

function redBlackOutcomes(round: RedBlackRound): Record<RedBlackArea, AreaOutcome> {
  const side = won(fraction(39n, 20n));
  return {
    red: round.winner === 'red' ? side : LOST,
    black: round.winner === 'black' ? side : LOST,
    luckyHit: round.luckyHit ? paysToOne(LUCKY_HIT_PAYS[round.luckyHit]) : LOST,
  };
}

export const redBlack: TableGame<RedBlackRound, RedBlackArea> = {
  code: 'redBlackWar',
  name: '红黑大战',
  areas: RED_BLACK_AREAS,
  deal: dealRedBlack,
  spell: (round) => [...round.red, ...round.black].map(spellCard),
  outcomes: redBlackOutcomes,
  debitMinor: stakeDebit,
  settle: (round, bets) => settleBets(redBlackOutcomes(round), bets),
  isArea: areaGuard(RED_BLACK_AREAS),
};
