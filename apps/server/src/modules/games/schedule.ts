import { GAME_ROUND_MS, GAME_TIMING, type GamePhase, type RoundView } from '@lottery/contract/games';
import { BEIJING_OFFSET_MS, beijingDate, beijingDayStartMs, DAY_MS } from '@lottery/rules/beijing';

/**
 * Round times of a room, derived from the clock alone (as lottery issues are from their schedule):
 * round k of a Beijing day opens at dayStart + (k − 1) × GAME_ROUND_MS, so every process agrees on
 * the round id and its deadlines without asking the leader, and a restart finds its place again.
 * Round id: `YYYYMMDD-kkkk` (Beijing date, 4-digit sequence 1..3456).
 */

export const ROUNDS_PER_DAY = DAY_MS / GAME_ROUND_MS;

export interface RoundTimes {
  roundId: string;
  /** Beijing date YYYY-MM-DD: the chain the round is dealt from. */
  businessDate: string;
  seq: number;
  openMs: number;
  closeMs: number;
  dealMs: number;
  settleMs: number;
  nextOpenMs: number;
}

function timesOf(dayStart: number, seq: number): RoundTimes {
  const date = beijingDate(dayStart);
  const openMs = dayStart + (seq - 1) * GAME_ROUND_MS;
  const closeMs = openMs + GAME_TIMING.bettingMs;
  const dealMs = closeMs + GAME_TIMING.closedMs;
  const settleMs = dealMs + GAME_TIMING.dealingMs;
  return {
    roundId: `${date.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`,
    businessDate: date,
    seq,
    openMs,
    closeMs,
    dealMs,
    settleMs,
    nextOpenMs: openMs + GAME_ROUND_MS,
  };
}

/** The round whose cycle contains `nowMs` (its betting window, or its close, deal or pause). */
export function roundAt(nowMs: number): RoundTimes {
  const start = beijingDayStartMs(nowMs);
  return timesOf(start, Math.floor((nowMs - start) / GAME_ROUND_MS) + 1);
}

/** The times of a round id, or undefined when it is not one (bad date or sequence). */
export function roundTimes(roundId: string): RoundTimes | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{4})$/.exec(roundId);
  if (!m) return undefined;
  const seq = Number(m[4]);
  if (seq < 1 || seq > ROUNDS_PER_DAY) return undefined;
  const midnightUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const times = timesOf(midnightUtc - BEIJING_OFFSET_MS, seq);
  return times.roundId === roundId ? times : undefined;
}

/** The phase a round is in at `nowMs` by the clock (the database may lag it by a tick). */
export function phaseAt(t: RoundTimes, nowMs: number): GamePhase {
  if (nowMs < t.closeMs) return 'betting';
  if (nowMs < t.dealMs) return 'closed';
  if (nowMs < t.settleMs) return 'dealing';
  return 'settled';
}

export function deadlineOf(t: RoundTimes, phase: GamePhase): number {
  switch (phase) {
    case 'betting':
      return t.closeMs;
    case 'closed':
      return t.dealMs;
    case 'dealing':
      return t.settleMs;
    case 'settled':
      return t.nextOpenMs;
  }
}

export function viewOf(
  gameCode: string,
  t: RoundTimes,
  phase: GamePhase,
  result: string[] | null,
): RoundView {
  return {
    gameCode,
    roundId: t.roundId,
    phase,
    openMs: t.openMs,
    closeMs: t.closeMs,
    dealMs: t.dealMs,
    settleMs: t.settleMs,
    nextOpenMs: t.nextOpenMs,
    deadlineMs: deadlineOf(t, phase),
    result,
  };
}
