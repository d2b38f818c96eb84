import { type Card, dealShoe, spellCard } from './cards';
import { type AreaDef, areaGuard, type TableGame } from './game';
import { type AreaOutcome, fraction, LOST, PUSH, paysToOne, settleBets, stakeDebit, won } from './money';
import { RoundStream } from './stream';

/**
 * 百家乐 (baccarat), punto banco from a freshly shuffled 8-deck shoe (416 cards) per round; the top
 * six cards are drawn and used in order: player, banker, player, banker, then the third cards as the
 * tableau calls for them (player's first). Card values: A = 1, 2-9 their pips, 10 J Q K = 0; a total
 * is the sum mod 10.
 *
 * Tableau: a natural (8 or 9 on either side's two cards) ends the coup. Otherwise the player draws on
 * 0-5 and stands on 6-7. If the player stood, the banker draws on 0-5. If the player drew a third
 * card worth x, the banker draws on 0-2; on 3 unless x = 8; on 4 if x is 2-7; on 5 if x is 4-7;
 * on 6 if x is 6-7; stands on 7.
 *
 * | area | code | pays |
 * |---|---|---|
 * | 庄 | `banker` | 1:0.95 (5 % commission); push on a tie. No-commission variant: 1:1, but 1:0.5 when the banker wins with 6 |
 * | 闲 | `player` | 1:1; push on a tie |
 * | 和 | `tie` | 8:1 |
 * | 庄对 / 闲对 | `bankerPair` / `playerPair` | 11:1 when that side's first two cards have the same rank (K-K, not K-Q) |
 */

export const BACCARAT_DECKS = 8;
/** Never more than six cards in a coup. */
const COUP_CARDS = 6;

export type BaccaratArea = 'banker' | 'player' | 'tie' | 'bankerPair' | 'playerPair';
export type BaccaratWinner = 'banker' | 'player' | 'tie';
export type BaccaratVariant = 'commission' | 'noCommission';

export interface BaccaratRound {
  readonly player: readonly Card[];
  readonly banker: readonly Card[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly winner: BaccaratWinner;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

export function baccaratValue(card: Card): number {
  return card.rank >= 10 ? 0 : card.rank;
}

const totalOf = (cards: readonly Card[]) => cards.reduce((sum, c) => sum + baccaratValue(c), 0) % 10;

function bankerDraws(bankerTotal: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Plays one coup from the shoe's cards in order (at least six; the unused ones are ignored). */
export function playCoup(shoe: readonly Card[]): BaccaratRound {
  if (shoe.length < COUP_CARDS) throw new RangeError('a coup needs six cards from the shoe');
  let next = 4;
  const player = [shoe[0]!, shoe[2]!];
  const banker = [shoe[1]!, shoe[3]!];
  const natural = totalOf(player) >= 8 || totalOf(banker) >= 8;
  if (!natural) {
    let playerThird: number | undefined;
    if (totalOf(player) <= 5) {
      const card = shoe[next++]!;
      player.push(card);
      playerThird = baccaratValue(card);
    }
    if (bankerDraws(totalOf(banker), playerThird)) banker.push(shoe[next++]!);
  }
  const playerTotal = totalOf(player);
  const bankerTotal = totalOf(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : playerTotal < bankerTotal ? 'banker' : 'tie',
    playerPair: player[0]!.rank === player[1]!.rank,
    bankerPair: banker[0]!.rank === banker[1]!.rank,
  };
}

export function dealBaccarat(secretHex: string, roundId: string): BaccaratRound {
  return playCoup(dealShoe(new RoundStream(secretHex, 'baccarat', roundId), BACCARAT_DECKS, COUP_CARDS));
}

/** The cards in the order they left the shoe. */
export function spellBaccarat(round: BaccaratRound): string[] {
  const order = [round.player[0]!, round.banker[0]!, round.player[1]!, round.banker[1]!];
  if (round.player[2]) order.push(round.player[2]);
  if (round.banker[2]) order.push(round.banker[2]);
  return order.map(spellCard);
}

export function baccaratOutcomes(
  round: BaccaratRound,
  variant: BaccaratVariant = 'commission',
): Record<BaccaratArea, AreaOutcome> {
  const tie = round.winner === 'tie';
  const bankerWin =
    variant === 'commission'
      ? won(fraction(39n, 20n))
      : round.bankerTotal === 6
        ? won(fraction(3n, 2n))
        : paysToOne(1n);
  return {
    banker: tie ? PUSH : round.winner === 'banker' ? bankerWin : LOST,
    player: tie ? PUSH : round.winner === 'player' ? paysToOne(1n) : LOST,
    tie: tie ? paysToOne(8n) : LOST,
    bankerPair: round.bankerPair ? paysToOne(11n) : LOST,
    playerPair: round.playerPair ? paysToOne(11n) : LOST,
  };
}

function makeBaccarat(variant: BaccaratVariant): TableGame<BaccaratRound, BaccaratArea> {
  const areas: readonly AreaDef<BaccaratArea>[] = [
    { code: 'banker', name: '庄', pays: variant === 'commission' ? '1:0.95' : '1:1 (6点 1:0.5)' },
    { code: 'player', name: '闲', pays: '1:1' },
    { code: 'tie', name: '和', pays: '8:1' },
    { code: 'bankerPair', name: '庄对', pays: '11:1' },
    { code: 'playerPair', name: '闲对', pays: '11:1' },
  ];
  return {
    code: 'baccarat',
    name: '百家乐',
    areas,
    deal: dealBaccarat,
    spell: spellBaccarat,
    outcomes: (round) => baccaratOutcomes(round, variant),
    debitMinor: stakeDebit,
    settle: (round, bets) => settleBets(baccaratOutcomes(round, variant), bets),
    isArea: areaGuard(areas),
  };
}

/** The default table: banker wins pay 0.95 (5 % commission). */
export const baccarat = makeBaccarat('commission');
/** The no-commission table: banker wins pay 1:1 except a banker 6, which pays 1:0.5. */
export const baccaratNoCommission = makeBaccarat('noCommission');
