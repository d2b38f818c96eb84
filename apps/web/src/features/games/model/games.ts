import { GAME_CODE_LIST, type GameCodeName } from '@lottery/contract/games';

/** The six games' names as the spec and router print them. */
export const GAME_NAMES: Readonly<Record<GameCodeName, string>> = {
  nn100: '百人牛牛',
  dragonTigerWar: '龙虎斗',
  redBlackWar: '红黑大战',
  baccarat: '百家乐',
  benz: '奔驰宝马',
  sicbo: '骰宝',
};

export function isGameCode(code: string): code is GameCodeName {
  return (GAME_CODE_LIST as readonly string[]).includes(code);
}
