import type { LotteryDef } from '@lottery/rules/lotteries';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROOM_CODE_PARAM, type ShareSlot, useShareSlot } from '../extensions/lottery-extensions';
import type { BasketLine } from '../model/basket';
import type { ChaseOptions, ChaseRow } from '../model/chase';

/**
 * The confirm popup, the calls and their answers (bet-placing.tsx) load on the first 立即投注, not
 * with the page: nothing of them is drawn before the player bets (issue 39).
 */
const loadPlacing = () => import('./bet-placing');

/** A chase to place instead of a single bet: its settings and every issue's order. */
export interface ChaseSend {
  options: ChaseOptions;
  rows: readonly ChaseRow[];
  totalMinor: bigint;
  /** 最多可追号N期 confirmed: the chase count becomes N. */
  onMaxCount(count: number): void;
}

export interface PlaceRequest {
  lines: readonly BasketLine[];
  issue: string | undefined;
  /** The footer's text ("0-" plus the rebate taken). */
  bettingPoint: string;
  chase?: ChaseSend;
  /** The lines as they are now (the basket): empty after the confirm means they were lost. */
  current?: () => readonly BasketLine[];
}

/**
 * Placing a basket or a chase: the confirm popup (普通投注 or 投N倍，追N期), the call with an
 * idempotency key, 正在投注 after 700 ms, and every answer of spec/betting.md §8 (bet-placing.tsx).
 * `busy` while a bet is in flight.
 */
export function useBetFlow(lottery: LotteryDef, onPlaced: () => void, onFailedClear: () => void) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const share: ShareSlot | null = useShareSlot();
  const [search] = useSearchParams();
  const roomCode = search.get(ROOM_CODE_PARAM) ?? undefined;

  /**
   * Confirm popup, then place; true when the bet (or chase) was placed. Blocked while a send is in
   * progress (no double submit).
   */
  async function confirmAndPlace(request: PlaceRequest): Promise<boolean> {
    if (busyRef.current) return false;
    const { confirmBet, sendBet } = await loadPlacing();
    const issue = await confirmBet(request);
    if (issue === undefined) return false;
    busyRef.current = true;
    setBusy(true);
    try {
      const context = { lottery, queryClient, navigate, share, roomCode, onPlaced, onFailedClear };
      return await sendBet(context, request, issue);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return { busy, confirmAndPlace, shareView: share?.view ?? null };
}
