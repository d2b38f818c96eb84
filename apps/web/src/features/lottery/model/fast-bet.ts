import { FAST_BET_TIMES } from '@lottery/contract/paths';

/**
 * Fast mode's auto loop (连续开奖, spec/betting.md §4, §9) as pure state: the rounds still to
 * draw, and what the rounds drawn so far add up to. Money stays in minor units (1/10000 yuan).
 * What a round's answer does to it is fast-round.ts (loaded with the first round, not the page).
 */

export { FAST_BET_TIMES };
export type FastTimes = (typeof FAST_BET_TIMES)[number];

/** Result shown this long, next round sent this long after a result (spec §9). */
export const FAST_RESULT_SHOWN_MS = 1_000;
export const FAST_RESEND_MS = 2_000;

export interface FastTally {
  /** Rounds still to send (the selector's count at start). */
  remaining: number;
  /** Rounds drawn. */
  rounds: number;
  stakeMinor: bigint;
  winMinor: bigint;
  rebateMinor: bigint;
}

export const startTally = (times: number): FastTally => ({
  remaining: times,
  rounds: 0,
  stakeMinor: 0n,
  winMinor: 0n,
  rebateMinor: 0n,
});
