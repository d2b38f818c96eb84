import { type Card, dealShoe, spellCard, suitStrength } from './cards';
import { type AreaDef, areaGuard, type TableGame } from './game';
import { type AreaOutcome, assertStake, fraction, settleBets } from './money';
import { RoundStream } from './stream';

/**
 * 百人牛牛 (nn100): the top 25 cards of one shuffled 52-card deck, five each to 庄 (banker), then
 * 天 地 玄 黄 in that order. Each of the four areas plays the banker alone.
 *
 * Points: A = 1, 2-9 their pips, 10 J Q K = 10. A hand has a bull (牛) when three of its cards sum
 * to a multiple of 10; the other two then give 牛1..牛9 by their sum mod 10, or 牛牛 when it is 0.
 * No such three: 无牛. Specials above 牛牛, checked in this order:
 *   五小牛 every card under 5 points and the five sum to 10 or less;
 *   炸弹   four cards of one rank;
 *   五花牛 all five cards J, Q or K.
 * Order: 五小牛 > 炸弹 > 五花牛 > 牛牛 > 牛9 > ... > 牛1 > 无牛. Equal kinds: the highest card by rank
 * (K high, A low; two 炸弹 by the rank of the four), then that card's suit (黑桃 > 红桃 > 梅花 > 方块),
 * so no two hands tie.
 *
 * Multipliers (the winner's hand decides, 翻倍): 无牛..牛6 ×1, 牛7..牛9 ×2, 牛牛 ×3, specials ×4.
 *
 * Money: a bet of stake S on an area debits S × 4 at once (the most it can lose). If the area beats
 * the banker with multiplier m, the bet returns 4S + m·S·0.95 (5 % commission on the win); if the
 * banker wins with multiplier m, it returns 4S − m·S. Edges below are per unit of S.
 */

export const NN100_AREA_CODES = ['tian', 'di', 'xuan', 'huang'] as const;
export type Nn100Area = (typeof NN100_AREA_CODES)[number];
export type BullKind = 'none' | 'bull' | 'bullBull' | 'fiveFaces' | 'bomb' | 'fiveSmall';

export interface BullHand {
  readonly kind: BullKind;
  /** 0 for 无牛, 1..9 for 牛n, 10 for 牛牛 and every special. */
  readonly points: number;
  /** 0 无牛, 1..9 牛n, 10 牛牛, 11 五花牛, 12 炸弹, 13 五小牛. */
  readonly category: number;
  readonly multiplier: 1 | 2 | 3 | 4;
  /** Compared left to right: category, deciding rank, its suit. */
  readonly strength: readonly [number, number, number];
  /** 无牛, 牛7, 五花牛, ... */
  readonly name: string;
}

export const NN100_MAX_MULTIPLIER = 4;
/** A win keeps 19/20 of m × stake: the house takes 5 % of it. */
const COMMISSION_KEEP = { num: 19n, den: 20n } as const;

export const NN100_AREAS: readonly AreaDef<Nn100Area>[] = [
  { code: 'tian', name: '天', pays: '1:1 ×牌型倍数 (抽水5%)' },
  { code: 'di', name: '地', pays: '1:1 ×牌型倍数 (抽水5%)' },
  { code: 'xuan', name: '玄', pays: '1:1 ×牌型倍数 (抽水5%)' },
  { code: 'huang', name: '黄', pays: '1:1 ×牌型倍数 (抽水5%)' },
];

const SPECIALS: Readonly<Record<'fiveFaces' | 'bomb' | 'fiveSmall', { category: number; name: string }>> = {
  fiveFaces: { category: 11, name: '五花牛' },
  bomb: { category: 12, name: '炸弹' },
  fiveSmall: { category: 13, name: '五小牛' },
};

const points = (card: Card) => Math.min(card.rank, 10);

export function bullMultiplier(category: number): 1 | 2 | 3 | 4 {
  if (category >= 11) return 4;
  if (category === 10) return 3;
  if (category >= 7) return 2;
  return 1;
}

/** The bull points of five cards: 0 无牛, 1..9, 10 牛牛. */
export function bullPoints(cards: readonly Card[]): number {
  const p = cards.map(points);
  const sum = p.reduce((a, b) => a + b, 0);
  // Three cards sum to a multiple of 10 exactly when the other two sum to sum mod 10 (mod 10).
  for (let i = 0; i < 5; i++)
    for (let j = i + 1; j < 5; j++) {
      if ((sum - p[i]! - p[j]!) % 10 === 0) return (p[i]! + p[j]!) % 10 || 10;
    }
  return 0;
}

export function evaluateBull(cards: readonly Card[]): BullHand {
  if (cards.length !== 5) throw new RangeError('a bull hand is five cards');
  const top = cards.reduce((best, c) =>
    c.rank > best.rank || (c.rank === best.rank && suitStrength(c.suit) > suitStrength(best.suit)) ? c : best,
  );
  const byRank = new Map<number, number>();
  for (const c of cards) byRank.set(c.rank, (byRank.get(c.rank) ?? 0) + 1);
  const quad = [...byRank].find(([, n]) => n === 4)?.[0];
  const pts = bullPoints(cards);
  let kind: BullKind;
  if (cards.every((c) => points(c) < 5) && cards.reduce((s, c) => s + points(c), 0) <= 10) kind = 'fiveSmall';
  else if (quad !== undefined) kind = 'bomb';
  else if (cards.every((c) => c.rank >= 11)) kind = 'fiveFaces';
  else kind = pts === 0 ? 'none' : pts === 10 ? 'bullBull' : 'bull';
  const special =
    kind === 'fiveSmall' || kind === 'bomb' || kind === 'fiveFaces' ? SPECIALS[kind] : undefined;
  const category = special ? special.category : pts;
  const name = special ? special.name : pts === 0 ? '无牛' : pts === 10 ? '牛牛' : `牛${pts}`;
  const decidingRank = kind === 'bomb' ? quad! : top.rank;
  return {
    kind,
    points: special ? 10 : pts,
    category,
    multiplier: bullMultiplier(category),
    strength: [category, decidingRank, suitStrength(top.suit)],
    name,
  };
}

/** > 0 when a beats b; never 0 for two hands of one deck. */
export function compareBull(a: BullHand, b: BullHand): number {
  return a.strength[0] - b.strength[0] || a.strength[1] - b.strength[1] || a.strength[2] - b.strength[2];
}

export interface Nn100Seat {
  readonly cards: readonly Card[];
  readonly hand: BullHand;
}

export interface Nn100AreaResult extends Nn100Seat {
  readonly beatsBanker: boolean;
  /** The winner's multiplier: this area's when it beats the banker, else the banker's. */
  readonly multiplier: 1 | 2 | 3 | 4;
}

export interface Nn100Round {
  readonly banker: Nn100Seat;
  readonly areas: Readonly<Record<Nn100Area, Nn100AreaResult>>;
}

export function nn100Round(cards: readonly Card[]): Nn100Round {
  if (cards.length !== 25) throw new RangeError('百人牛牛 deals 25 cards');
  const seat = (k: number): Nn100Seat => {
    const hand = cards.slice(5 * k, 5 * k + 5);
    return { cards: hand, hand: evaluateBull(hand) };
  };
  const banker = seat(0);
  const areas = {} as Record<Nn100Area, Nn100AreaResult>;
  NN100_AREA_CODES.forEach((code, i) => {
    const s = seat(i + 1);
    const order = compareBull(s.hand, banker.hand);
    if (order === 0) throw new Error('two hands of one deck cannot tie');
    const beatsBanker = order > 0;
    areas[code] = { ...s, beatsBanker, multiplier: (beatsBanker ? s.hand : banker.hand).multiplier };
  });
  return { banker, areas };
}

export function dealNn100(secretHex: string, roundId: string): Nn100Round {
  return nn100Round(dealShoe(new RoundStream(secretHex, 'nn100', roundId), 1, 25));
}

/** What a bet on an area returns per unit of stake, given who won and the winner's multiplier. */
export function nn100AreaOutcome(beatsBanker: boolean, multiplier: 1 | 2 | 3 | 4): AreaOutcome {
  const held = BigInt(NN100_MAX_MULTIPLIER);
  const m = BigInt(multiplier);
  if (!beatsBanker) return { outcome: 'lose', returnPerStake: fraction(held - m) };
  const { num, den } = COMMISSION_KEEP;
  return { outcome: 'win', returnPerStake: fraction(held * den + m * num, den) };
}

function nn100Outcomes(round: Nn100Round): Record<Nn100Area, AreaOutcome> {
  const out = {} as Record<Nn100Area, AreaOutcome>;
  for (const code of NN100_AREA_CODES)
    out[code] = nn100AreaOutcome(round.areas[code].beatsBanker, round.areas[code].multiplier);
  return out;
}

export const nn100: TableGame<Nn100Round, Nn100Area> = {
  code: 'nn100',
  name: '百人牛牛',
  areas: NN100_AREAS,
  deal: dealNn100,
  spell: (round) =>
    [round.banker, ...NN100_AREA_CODES.map((c) => round.areas[c])].flatMap((s) => s.cards.map(spellCard)),
  outcomes: nn100Outcomes,
  debitMinor: (_area, stakeMinor) => {
    assertStake(stakeMinor);
    return stakeMinor * BigInt(NN100_MAX_MULTIPLIER);
  },
  settle: (round, bets) => settleBets(nn100Outcomes(round), bets),
  isArea: areaGuard(NN100_AREAS),
};
