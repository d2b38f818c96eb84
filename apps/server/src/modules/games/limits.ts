import { MINOR_PER_YUAN } from '@lottery/contract/money';

/**
 * Table limits (docs/games.md "Limits"), per player, per area, per round, in minor units:
 * every bet at least 1 yuan; on the even-money areas (two sides of a game, big/small, odd/even and
 * 百人牛牛's four seats, whose debit is 4× the stake) at most 20,000 yuan in total per round; on every
 * other area (ties, pairs, totals, triples, wheel symbols, 幸运一击) at most 2,000 yuan, so that the
 * largest single credit (围骰 180:1) stays under 400,000 yuan.
 */
export const MIN_BET_MINOR = 1n * MINOR_PER_YUAN;
export const MAIN_AREA_MAX_MINOR = 20_000n * MINOR_PER_YUAN;
export const SIDE_AREA_MAX_MINOR = 2_000n * MINOR_PER_YUAN;

const MAIN_AREAS = new Set([
  'tian',
  'di',
  'xuan',
  'huang',
  'dragon',
  'tiger',
  'red',
  'black',
  'banker',
  'player',
  'big',
  'small',
  'odd',
  'even',
]);

export function areaMaxMinor(area: string): bigint {
  return MAIN_AREAS.has(area) ? MAIN_AREA_MAX_MINOR : SIDE_AREA_MAX_MINOR;
}
