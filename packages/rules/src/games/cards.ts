import type { RoundStream } from './stream';

/**
 * Playing cards and shoes. A deck is 52 cards; card index c in [0, 52) has suit SUITS[floor(c / 13)]
 * and rank (c mod 13) + 1, so 0 = A♠, 12 = K♠, 13 = A♥, ..., 51 = K♦. A shoe of d decks is the
 * indices [0, 52d) with card(i) = card(i mod 52). Spelling: rank A 2..10 J Q K then suit letter,
 * e.g. `AS`, `10H`, `QD`.
 */

/** Spades, hearts, clubs, diamonds: 黑桃 > 红桃 > 梅花 > 方块, the order that breaks ties. */
export const SUITS = ['S', 'H', 'C', 'D'] as const;
export type Suit = (typeof SUITS)[number];
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

export interface Card {
  /** 1 = A, 11 = J, 12 = Q, 13 = K. */
  readonly rank: Rank;
  readonly suit: Suit;
}

export const DECK_SIZE = 52;
const RANK_LETTERS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export function cardOfIndex(index: number): Card {
  const c = index % DECK_SIZE;
  return { rank: ((c % 13) + 1) as Rank, suit: SUITS[Math.floor(c / 13)]! };
}

export function indexOfCard(card: Card): number {
  return SUITS.indexOf(card.suit) * 13 + card.rank - 1;
}

/** 4 for spades down to 1 for diamonds. */
export function suitStrength(suit: Suit): number {
  return 4 - SUITS.indexOf(suit);
}

export function spellCard(card: Card): string {
  return `${RANK_LETTERS[card.rank - 1]}${card.suit}`;
}

export function parseCard(text: string): Card {
  const match = /^(A|[2-9]|10|J|Q|K)([SHCD])$/.exec(text);
  if (!match) throw new Error(`bad card ${JSON.stringify(text)}`);
  return {
    rank: (RANK_LETTERS.indexOf(match[1] as (typeof RANK_LETTERS)[number]) + 1) as Rank,
    suit: match[2] as Suit,
  };
}

/** The top `count` cards of a `decks`-deck shoe shuffled by the round's stream. */
export function dealShoe(stream: RoundStream, decks: number, count: number): Card[] {
  return stream.shuffleTop(decks * DECK_SIZE, count).map(cardOfIndex);
}
