import { baccarat } from './baccarat';
import { benz } from './benz';
import { dragonTiger } from './dragon-tiger';
import type { GameCode, TableGame } from './game';
import { nn100 } from './nn100';
import { redBlack } from './red-black';
import { sicbo } from './sicbo';

/** A game whatever its round type, for code that only needs the common surface (verify, lists). */
// biome-ignore lint/suspicious/noExplicitAny: the round type is erased on purpose; each game keeps its own.
export type AnyTableGame = TableGame<any, string>;

/** The six games in the spec's /gamesList order. */
export const TABLE_GAMES: Readonly<Record<GameCode, AnyTableGame>> = {
  nn100,
  dragonTigerWar: dragonTiger,
  redBlackWar: redBlack,
  baccarat,
  benz,
  sicbo,
};

export function tableGameByCode(code: string): AnyTableGame | undefined {
  return Object.hasOwn(TABLE_GAMES, code) ? TABLE_GAMES[code as GameCode] : undefined;
}
