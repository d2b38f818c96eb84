import { LIVE_BROADCAST } from '@lottery/contract/live';

/**
 * The live broadcast banner (spec/platform.md §9 "Live broadcast config", read in docs/live.md):
 * it appears broadCastTime seconds before a draw with the seconds left, shows the drawn result for
 * broadCastShowTime seconds once it arrives, and is hidden otherwise. Viewers whose level is in the
 * level list see it; a visitor counts as level -1.
 */
export type BroadcastState =
  | { kind: 'hidden' }
  | { kind: 'countdown'; issue: string; seconds: number }
  | { kind: 'drawing'; issue: string }
  | { kind: 'result'; issue: string; numbers: readonly string[] };

export const VISITOR_LEVEL = -1;

export function broadcastVisible(level: number): boolean {
  return (LIVE_BROADCAST.levels as readonly number[]).includes(level);
}

export function broadcastState(input: {
  nowMs: number;
  /** The issue drawn next and its draw time. */
  next: { issue: string; drawMs: number } | undefined;
  /** The last result pushed live, with the local time it arrived. */
  revealed: { issue: string; numbers: readonly string[]; arrivedMs: number } | undefined;
  /** An issue whose draw time has passed and whose result has not arrived yet. */
  awaiting: string | undefined;
  /**
   * How long the stage takes to reveal a result (the dice roll, the balls drop): the banner says
   * 正在开奖… meanwhile and shows the result only once the stage has shown it.
   */
  revealMs?: number;
}): BroadcastState {
  const { nowMs, next, revealed, awaiting, revealMs = 0 } = input;
  if (revealed) {
    const since = nowMs - revealed.arrivedMs;
    if (since < revealMs) return { kind: 'drawing', issue: revealed.issue };
    if (since < revealMs + LIVE_BROADCAST.broadCastShowTime * 1000)
      return { kind: 'result', issue: revealed.issue, numbers: revealed.numbers };
  }
  if (awaiting) return { kind: 'drawing', issue: awaiting };
  if (next) {
    const seconds = Math.ceil((next.drawMs - nowMs) / 1000);
    if (seconds > 0 && seconds <= LIVE_BROADCAST.broadCastTime)
      return { kind: 'countdown', issue: next.issue, seconds };
  }
  return { kind: 'hidden' };
}

/**
 * The hub's banner rotates through the lotteries drawing soonest: one every broadCastIntervalTime
 * seconds.
 */
export function rotationIndex(nowMs: number, count: number): number {
  if (count <= 0) return 0;
  return Math.floor(nowMs / (LIVE_BROADCAST.broadCastIntervalTime * 1000)) % count;
}
