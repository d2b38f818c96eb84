import type { FastBetResult } from '@lottery/contract/fast-bet';
import type { Family } from '@lottery/rules/family';
import { formatMinor } from '@lottery/rules/odds';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { balanceKey } from '../../../shared/api/balance';
import { ApiError } from '../../../shared/api/envelope';
import { serverNow } from '../../../shared/api/server-time';
import { feedbackWidgets } from '../../../shared/ui/feedback';
import { addFastBetting } from '../api/add-fast-betting';
import { FAST_RESEND_MS, FAST_RESULT_SHOWN_MS, type FastTally } from '../model/fast-bet';
import { addRound, fastErrorAction, fastRoundTitle, netMinor } from '../model/fast-round';
import { ResultBall } from './ball';

/*
 * Fast mode's rounds: each one sent and answered, its result card, and the summary at the end
 * (fast-bet-loop.tsx loads this with the first 马上开奖: none of it is drawn before).
 */

const yuan2 = (minor: bigint) => formatMinor(minor, 2);

/** The round's result, shown for a second over the picker: K3 as dice, the others as balls. */
export function FastResultCard({
  family,
  round,
  tally,
}: {
  family: Family;
  round: FastBetResult;
  tally: FastTally | undefined;
}) {
  const won = round.state === 2;
  return (
    <div className="fast-result" data-testid="fast-result" data-issue={round.issue} role="status">
      <div className="fast-result-issue">{fastRoundTitle(tally?.rounds ?? 1, round.createdTime)}</div>
      <div className={`fast-result-balls fast-result-balls--${family}`}>
        {round.openNum.split(',').map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: draws repeat numbers (dice); position is the identity
          <ResultBall key={i} family={family} value={n} />
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

/** 连续开奖结束: the rounds drawn, won, staked and the net, in the summary dialog. */
function FastSummary({ tally }: { tally: FastTally }) {
  const net = netMinor(tally);
  return (
    <div className="fast-summary" data-testid="fast-summary">
      <div>
        连续开奖 <b data-testid="fast-summary-rounds">{tally.rounds}</b> 期
      </div>
      <div>
        累计中奖 <b data-testid="fast-summary-win">{yuan2(tally.winMinor)}</b> 元
      </div>
      <div>
        累计投注 <b>{yuan2(tally.stakeMinor)}</b> 元
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
  );
}

const LEAVE_WHILE_RUNNING = '开奖进行中，是否要中断开奖';

/** 开奖进行中，是否要中断开奖: true when the player leaves the page anyway (the loop is running). */
export async function askLeaveWhileRunning(): Promise<boolean> {
  const { Dialog } = await feedbackWidgets();
  return Dialog.confirm({ content: LEAVE_WHILE_RUNNING, confirmText: '确定', cancelText: '取消' });
}

/** 连续开奖结束 with the summary; resolves when the player closes it. */
export async function showFastSummary(tally: FastTally): Promise<void> {
  const { Dialog } = await feedbackWidgets();
  await Dialog.alert({ title: '连续开奖结束', content: <FastSummary tally={tally} />, confirmText: '确定' });
}

/** What a round needs of the loop's state (useFastBetLoop). */
export interface FastLoop {
  /** The run a round belongs to; a round answered after a stop (another run) changes nothing. */
  run: { current: number };
  timers: { current: ReturnType<typeof setTimeout>[] };
  setSending(sending: boolean): void;
  setTally(tally: FastTally): void;
  setShown(round: FastBetResult | undefined): void;
  /** Ends the loop (selection and basket cleared). */
  reset(): void;
  /** The next round of the same run. */
  next(payload: unknown[], tally: FastTally, id: number): void;
  queryClient: QueryClient;
  navigate: NavigateFunction;
}

/**
 * One round of run `id`: sent with no confirm and an empty issue, its result shown for a second,
 * the next sent 2 s later while rounds remain, the summary after the last; an error stops the loop
 * with its dialog (spec/betting.md §4, §9).
 */
export async function sendFastRound(loop: FastLoop, payload: unknown[], tallyNow: FastTally, id: number) {
  const { run, timers } = loop;
  let envelope: Awaited<ReturnType<typeof addFastBetting>>;
  try {
    envelope = await addFastBetting(payload, Math.floor(serverNow() / 1000), `fast-${crypto.randomUUID()}`);
  } catch (error) {
    if (run.current === id) loop.reset();
    // Transport failures were already announced by the API client.
    if (!(error instanceof ApiError)) throw error;
    return;
  }
  if (run.current !== id) return;
  loop.setSending(false);
  void loop.queryClient.invalidateQueries({ queryKey: balanceKey });
  if (envelope.code !== 1 || !envelope.data) {
    const action = fastErrorAction(envelope.code, envelope.msg);
    loop.reset();
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
      if (go) void loop.navigate('/recharge');
    } else {
      await Dialog.alert({ content: action.message, confirmText: '确定' });
    }
    return;
  }
  const round = envelope.data;
  const next = addRound(tallyNow, round);
  loop.setTally(next);
  loop.setShown(round);
  timers.current.push(
    setTimeout(() => {
      if (run.current === id) loop.setShown(undefined);
    }, FAST_RESULT_SHOWN_MS),
  );
  if (next.remaining > 0) {
    timers.current.push(
      setTimeout(() => {
        if (run.current === id) loop.next(payload, next, id);
      }, FAST_RESEND_MS),
    );
    return;
  }
  // The last round: its result stays its second, then the summary.
  timers.current.push(
    setTimeout(() => {
      if (run.current !== id) return;
      loop.reset();
      void showFastSummary(next);
    }, FAST_RESULT_SHOWN_MS),
  );
}
