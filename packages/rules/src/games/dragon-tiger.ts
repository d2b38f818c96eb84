import { type Card, dealShoe, spellCard } from './cards';
import { type AreaDef, areaGuard, type TableGame } from './game';
import { type AreaOutcome, HALF_LOST, LOST, paysToOne, settleBets, stakeDebit } from './money';
import { RoundStream } from './stream';

/**
 * 龙虎斗 (dragonTigerWar): the top two cards of a freshly shuffled 8-deck shoe (416 cards), the first
 * to 龙 (dragon), the second to 虎 (tiger). The higher rank wins, A lowest and K highest; suits do not
 * count, so equal ranks are a tie (和).
 *
 * | area | code | pays |
 * |---|---|---|
 * | 龙 / 虎 | `dragon` / `tiger` | 1:1; on a tie the bet loses half (half the stake comes back) |
 * | 和 | `tie` | 8:1 |
 *
 * The tie rule is the common "lose half": with a push instead, 龙 and 虎 would have no edge at all.
 */

export const DRAGON_TIGER_DECKS = 8;

export type DragonTigerArea = 'dragon' | 'tiger' | 'tie';
export type DragonTigerWinner = DragonTigerArea;

export interface DragonTigerRound {
  readonly dragon: Card;
  readonly tiger: Card;
  readonly winner: DragonTigerWinner;
}

export const DRAGON_TIGER_AREAS: readonly AreaDef<DragonTigerArea>[] = [
  { code: 'dragon', name: '龙', pays: '1:1' },
  { code: 'tiger', name: '虎', pays: '1:1' },
  { code: 'tie', name: '和', pays: '8:1' },
];

export function dragonTigerRound(dragon: Card, tiger: Card): DragonTigerRound {
  const winner = dragon.rank > tiger.rank ? 'dragon' : dragon.rank < tiger.rank ? 'tiger' : 'tie';
  return { dragon, tiger, winner };
}

export function dealDragonTiger(secretHex: string, roundId: string): DragonTigerRound {
  const [dragon, tiger] = dealShoe(
    new RoundStream(secretHex, 'dragonTigerWar', roundId),
    DRAGON_TIGER_DECKS,
    2,
  );
  return dragonTigerRound(dragon!, tiger!);
}

function dragonTigerOutcomes(round: DragonTigerRound): Record<DragonTigerArea, AreaOutcome> {
  if (round.winner === 'tie') return { dragon: HALF_LOST, tiger: HALF_LOST, tie: paysToOne(8n) };
  return {
    dragon: round.winner === 'dragon' ? paysToOne(1n) : LOST,
    tiger: round.winner === 'tiger' ? paysToOne(1n) : LOST,
    tie: LOST,
  };
}

export const dragonTiger: TableGame<DragonTigerRound, DragonTigerArea> = {
  code: 'dragonTigerWar',
  name: '龙虎斗',
  areas: DRAGON_TIGER_AREAS,
  deal: dealDragonTiger,
  spell: (round) => [spellCard(round.dragon), spellCard(round.tiger)],
  outcomes: dragonTigerOutcomes,
  debitMinor: stakeDebit,
  settle: (round, bets) => settleBets(dragonTigerOutcomes(round), bets),
  isArea: areaGuard(DRAGON_TIGER_AREAS),
};
