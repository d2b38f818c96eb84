import { Codes } from '@lottery/contract/codes';
import { parseMoney } from '@lottery/contract/money';
import { beijingClock } from '@lottery/rules/schedule';
import type { FastTally } from './fast-bet';

/**
 * A fast-mode round's answer (spec/betting.md §4, §8): the tally after its result, and what a
 * refused round does. Kept apart from fast-bet.ts, which the play page loads with its first screen:
 * this is needed once a round is sent.
 */

/** The tally after one round's result (money fields as the server's decimal strings). */
export function addRound(
  tally: FastTally,
  round: { betMoney: string; winMoney: string; rebateMoney: string },
): FastTally {
  return {
    remaining: Math.max(0, tally.remaining - 1),
    rounds: tally.rounds + 1,
    stakeMinor: tally.stakeMinor + parseMoney(round.betMoney, 4),
    winMinor: tally.winMinor + parseMoney(round.winMoney, 4),
    rebateMinor: tally.rebateMinor + parseMoney(round.rebateMoney, 4),
  };
}

/** Net money of the rounds: winnings and rebates minus stakes (the balance change). */
export const netMinor = (t: FastTally): bigint => t.winMinor + t.rebateMinor - t.stakeMinor;

/** What a refused round does (spec §8): 投资类型校验错误 reloads the page; everything else stops. */
export type FastErrorAction =
  | { kind: 'reload'; message: string }
  | { kind: 'recharge'; message: string }
  | { kind: 'stop'; message: string };

export const INVEST_CHANGED = '投资类型校验错误';
export const INVEST_CHANGED_WEB = '投资类型发生异动，您的投注未能成功，即将为您刷新页面';

export function fastErrorAction(code: number, msg: string): FastErrorAction {
  if (msg.includes(INVEST_CHANGED)) return { kind: 'reload', message: INVEST_CHANGED_WEB };
  if (code === Codes.INSUFFICIENT_BALANCE.code || msg.includes('余额不足'))
    return { kind: 'recharge', message: msg || '余额不足' };
  return { kind: 'stop', message: msg || '投注失败' };
}

/**
 * A round's title on its result card: its place in the run and when it was drawn (Beijing time),
 * e.g. 第3期 14:05:09开奖. The round's own id (F<seed>-<nonce>) is for /fairness, not for the player.
 */
export function fastRoundTitle(roundNumber: number, createdMs: number): string {
  return `第${roundNumber}期 ${beijingClock(createdMs)}开奖`;
}
