/**
 * The phase countdown: whole seconds left until the server's `deadlineMs`, read on the server's
 * clock (local time + offset measured from the socket's serverMs), never below 0.
 */
export function secondsLeft(deadlineMs: number, localNowMs: number, offsetMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - (localNowMs + offsetMs)) / 1000));
}

/** Offset to add to local time to get the server's, from a frame's serverMs received at localMs. */
export function clockOffset(serverMs: number, localMs: number): number {
  return serverMs - localMs;
}

export const PHASE_LABELS = {
  betting: '下注中',
  closed: '停止下注',
  dealing: '开奖中',
  settled: '派奖中',
} as const;
