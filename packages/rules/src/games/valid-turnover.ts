import type { BetOutcome } from './money';

/**
 * Valid turnover (有效投注) of the table games (docs/games.md "Rebates"): what 502 棋牌返水, 204 代理返点,
 * VIP growth, activity turnover and withdrawal turnover count from a table game. Per player and
 * round it is the net exposure after opposite areas cancel, pushes and refunds excluded:
 *
 * - a refunded bet (void round) or a push (the stake comes back, e.g. 庄/闲 on a 和) risked nothing;
 * - on a pair of opposite areas only |stake A − stake B| is at risk: 10 on 庄 and 10 on 闲 cannot lose
 *   more than the commission, so without the netting a hedge would farm rebates at no risk;
 * - every other area counts its whole stake.
 */

/**
 * Opposite areas per game: two areas of which (apart from a push or a tie that both lose) exactly
 * one wins, so a stake on both is a hedge.
 * - 百家乐: 庄 against 闲 (a 和 pushes both).
 * - 龙虎斗: 龙 against 虎 (a 和 costs both half).
 * - 红黑大战: 红 against 黑 (one hand always wins).
 * - 骰宝: 大 against 小 and 单 against 双 (a triple loses both).
 * - 百人牛牛: none: 天地玄黄 each play the banker, not each other, so they can all win or all lose.
 * - 奔驰宝马: none: one symbol of eight wins; every symbol returns 96 %, so a spread keeps the edge.
 */
export const OPPOSITE_AREAS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  baccarat: [['banker', 'player']],
  dragonTigerWar: [['dragon', 'tiger']],
  redBlackWar: [['red', 'black']],
  sicbo: [
    ['big', 'small'],
    ['odd', 'even'],
  ],
  nn100: [],
  benz: [],
};

export interface TurnoverBet {
  readonly area: string;
  readonly stakeMinor: bigint;
  /** The settled outcome; 'refunded' for a bet of a void round. */
  readonly outcome: BetOutcome | 'refunded';
}

/** One player's valid turnover in one round of `gameCode`, in minor units. */
export function validTurnover(gameCode: string, bets: readonly TurnoverBet[]): bigint {
  const byArea = new Map<string, bigint>();
  for (const b of bets) {
    if (b.stakeMinor < 0n) throw new RangeError('a stake is never negative');
    if (b.outcome === 'push' || b.outcome === 'refunded') continue;
    byArea.set(b.area, (byArea.get(b.area) ?? 0n) + b.stakeMinor);
  }
  let total = 0n;
  for (const [a, b] of OPPOSITE_AREAS[gameCode] ?? []) {
    const x = byArea.get(a) ?? 0n;
    const y = byArea.get(b) ?? 0n;
    total += x > y ? x - y : y - x;
    byArea.delete(a);
    byArea.delete(b);
  }
  for (const v of byArea.values()) total += v;
  return total;
}
