import type { FastBetResult } from '@lottery/contract/fast-bet';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import './fast-bet-loop.css';
import { type FastTally, type FastTimes, startTally } from '../model/fast-bet';

/** The rounds, their result card and the summary load with the first 马上开奖 (fast-bet-round.tsx). */
const loadFastParts = () => import('./fast-bet-round');
/** The round's result, shown for a second over the picker (render it inside a Suspense). */
export const FastResultCard = lazy(async () => ({ default: (await loadFastParts()).FastResultCard }));

/**
 * The auto loop of fast mode (spec/betting.md §4): 马上开奖 sends a round with no confirm dialog and
 * an empty issue, shows its result for 1 s, and sends the next 2 s later while rounds remain; each
 * round adds to the tally. It stops on an error, when the count reaches 0 (summary dialog), on
 * 停止开奖 (disabled while a round is in flight), or when the player leaves the page after
 * confirming 开奖进行中，是否要中断开奖. `onReset` clears the selection and the basket.
 */
export function useFastBetLoop(onReset: () => void) {
  const [times, setTimes] = useState<FastTimes>(1);
  const [tally, setTally] = useState<FastTally | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState<FastBetResult | undefined>(undefined);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  /** Bumped on every stop: a round answered after a stop changes nothing. */
  const run = useRef(0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const running = tally !== undefined;

  const clearTimers = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  }, []);
  useEffect(() => clearTimers, [clearTimers]);

  const reset = useCallback(() => {
    run.current++;
    clearTimers();
    setTally(undefined);
    setShown(undefined);
    setSending(false);
    onReset();
  }, [clearTimers, onReset]);

  const summary = useCallback(
    (t: FastTally) => loadFastParts().then(({ showFastSummary }) => showFastSummary(t)),
    [],
  );

  const sendRound = useCallback(
    (payload: unknown[], tallyNow: FastTally, id: number) => {
      setSending(true);
      const loop = {
        run,
        timers,
        setSending,
        setTally,
        setShown,
        reset,
        next: sendRound,
        queryClient,
        navigate,
      };
      void loadFastParts().then(({ sendFastRound }) => sendFastRound(loop, payload, tallyNow, id));
    },
    [navigate, queryClient, reset],
  );

  /** 马上开奖: starts the loop with the lines as the server takes them (issue empty). */
  const start = useCallback(
    (payload: unknown[]) => {
      if (running || sending) return;
      run.current++;
      const first = startTally(times);
      setTally(first);
      sendRound(payload, first, run.current);
    },
    [running, sending, times, sendRound],
  );

  /** 停止开奖: ends the loop (not while a round is in flight) and shows what was drawn. */
  const stop = useCallback(() => {
    if (sending || !tally) return;
    const done = tally;
    reset();
    if (done.rounds > 0) void summary(done);
  }, [sending, tally, reset, summary]);

  // Leaving the page while the loop runs asks first (spec §2); confirming interrupts it. Inside
  // the app (back, links) the router asks with the spec's words; a reload or closing the tab gets
  // the browser's own prompt.
  useEffect(() => {
    if (!running) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [running]);
  const blocker = useBlocker(running);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const resetRef = useRef(reset);
  resetRef.current = reset;
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    // One question per attempt to leave (the loop keeps re-rendering the page meanwhile).
    void loadFastParts().then(async ({ askLeaveWhileRunning }) => {
      const leave = await askLeaveWhileRunning();
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (leave) {
        resetRef.current();
        current.proceed();
      } else {
        current.reset();
      }
    });
  }, [blocked]);

  return { times, setTimes, tally, running, sending, shown, start, stop };
}
