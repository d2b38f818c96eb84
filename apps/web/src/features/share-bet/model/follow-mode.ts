import { lotteryByCode } from '@lottery/rules/lotteries';
import { findPlay } from '@lottery/rules/plays';
import type { FollowChoice } from './share';

/**
 * Whether following a line edits the per-bet amount (one-mode plays: K3, LHC and other credit-style
 * plays bet a per-bet amount at multiplier 1) or the multiplier (every other play). Loaded with the
 * follow dialog only: the play catalogue is large.
 */
export function followModeOf(lotteryCode: string, playDetailCode: string): FollowChoice['mode'] {
  const lottery = lotteryByCode(lotteryCode);
  if (!lottery) return 'multiplier';
  const play = findPlay(lottery.family, playDetailCode.slice(-3), lottery.resultLength);
  return play?.credit ? 'perBet' : 'multiplier';
}
