import type { FastBetResult } from '@lottery/contract/fast-bet';
import { formatMinor } from '@lottery/rules/odds';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { serverNow } from '../../../shared/api/server-time';
import { feedbackWidgets } from '../../../shared/ui/feedback';
import { addFastBetting } from '../api/add-fast-betting';
import './fast-bet-loop.css';
import { balanceKey } from '../../../shared/api/balance';
import {
  addRound,
  FAST_RESEND_MS,
  FAST_RESULT_SHOWN_MS,
  type FastTally,
  type FastTimes,
  fastErrorAction,
  netMinor,
  startTally,
} from '../model/fast-bet';

const LEAVE_WHILE_RUNNING = '开奖进行中，是否要中断开奖';
const yuan2 = (minor: bigint) => formatMinor(minor, 2);

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

  const summary = useCallback(async (t: FastTally) => {
    const { Dialog } = await feedbackWidgets();
    const net = netMinor(t);
    await Dialog.alert({
      title: '连续开奖结束',
      content: (
        <div className="fast-summary" data-testid="fast-summary">
          <div>
            连续开奖 <b data-testid="fast-summary-rounds">{t.rounds}</b> 期
          </div>
          <div>
            累计中奖 <b data-testid="fast-summary-win">{yuan2(t.winMinor)}</b> 元
          </div>
          <div>
            累计投注 <b>{yuan2(t.stakeMinor)}</b> 元
          </div>
          <div>
            盈亏{' '}
            <b data-testid="fast-summary-net" className={net >= 0n ? 'fast-up' : 'fast-down'}>
              {net > 0n ? '+' : ''}
              {yuan2(net)}
            </b>{' '}
            元
          </div>
        </div>
      ),
      confirmText: '确定',
    });
  }, []);

  const sendRound = useCallback(
    async (payload: unknown[], tallyNow: FastTally, id: number) => {
      setSending(true);
      let envelope: Awaited<ReturnType<typeof addFastBetting>>;
      try {
        envelope = await addFastBetting(
          payload,
          Math.floor(serverNow() / 1000),
          `fast-${crypto.randomUUID()}`,
        );
      } catch (error) {
        if (run.current === id) reset();
        // Transport failures were already announced by the API client.
        if (!(error instanceof ApiError)) throw error;
        return;
      }
      if (run.current !== id) return;
      setSending(false);
      void queryClient.invalidateQueries({ queryKey: balanceKey });
      if (envelope.code !== 1 || !envelope.data) {
        const action = fastErrorAction(envelope.code, envelope.msg);
        reset();
        const { Dialog } = await feedbackWidgets();
        if (action.kind === 'reload') {
          await Dialog.alert({ content: action.message, confirmText: '确定' });
          window.location.reload();
        } else if (action.kind === 'recharge') {
          const go = await Dialog.confirm({
            content: action.message,
            confirmText: '充值',
            cancelText: '取消',
          });
          if (go) void navigate('/recharge');
        } else {
          await Dialog.alert({ content: action.message, confirmText: '确定' });
        }
        return;
      }
      const round = envelope.data;
      const next = addRound(tallyNow, round);
      setTally(next);
      setShown(round);
      timers.current.push(
        setTimeout(() => {
          if (run.current === id) setShown(undefined);
        }, FAST_RESULT_SHOWN_MS),
      );
      if (next.remaining > 0) {
        timers.current.push(
          setTimeout(() => {
            if (run.current === id) void sendRound(payload, next, id);
          }, FAST_RESEND_MS),
        );
        return;
      }
      // The last round: its result stays its second, then the summary.
      timers.current.push(
        setTimeout(() => {
          if (run.current !== id) return;
          reset();
          void summary(next);
        }, FAST_RESULT_SHOWN_MS),
      );
    },
    [navigate, queryClient, reset, summary],
  );

  /** 马上开奖: starts the loop with the lines as the server takes them (issue empty). */
  const start = useCallback(
    (payload: unknown[]) => {
      if (running || sending) return;
      run.current++;
      const first = startTally(times);
      setTally(first);
      void sendRound(payload, first, run.current);
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
    void feedbackWidgets().then(async ({ Dialog }) => {
      const leave = await Dialog.confirm({
        content: LEAVE_WHILE_RUNNING,
        confirmText: '确定',
        cancelText: '取消',
      });
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

/** The round's result, shown for a second over the picker. */
export function FastResultCard({ round, tally }: { round: FastBetResult; tally: FastTally | undefined }) {
  const won = round.state === 2;
  return (
    <div className="fast-result" data-testid="fast-result" role="status">
      <div className="fast-result-issue">第{round.issue}期</div>
      <div className="fast-result-balls">
        {round.openNum.split(',').map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: draws repeat numbers (dice); position is the identity
          <span key={i} className="fast-ball">
            {n}
          </span>
        ))}
      </div>
      <div className={won ? 'fast-result-win' : 'fast-result-lose'}>
        {won ? `中奖 ${round.winMoney.replace(/(\.\d\d)\d*$/, '$1')} 元` : '未中奖'}
      </div>
      {tally ? (
        <div className="fast-result-count">
          已开 {tally.rounds} 期，剩余 {tally.remaining} 期
        </div>
      ) : null}
    </div>
  );
}
