import type { LotteryDef } from '@lottery/rules/lotteries';
import type { IssueTimes } from '@lottery/rules/schedule';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { serverNow } from '../../../shared/api/server-time';
import { showToast } from '../../../shared/ui/feedback';
import { useLotteryOpenData } from '../api/lottery-open-data';
import { useServerClockValue } from '../components/use-server-second';
import { type CountdownState, countdown } from '../model/countdown';
import { useServerClockSynced } from './use-server-clock-synced';

/** What the betting screen knows of the issue on sale. */
export interface IssueOnSale {
  /** The server clock is measured: before it, no issue and no countdown (同步时间...). */
  synced: boolean;
  /** The lottery is stopped (the catalogue's flag or the issue plan's). */
  isStop: boolean;
  /** The issue on sale and its times; undefined before the clock is synced. */
  onSale: IssueTimes | undefined;
  /** The countdown bar's state now (undefined before the clock is synced): what a bet action checks. */
  barNow(): CountdownState | undefined;
}

/**
 * The issue on sale, read from the server clock: the betting screen re-renders when it changes
 * (a rollover), not on every tick; the countdown bar ticks on its own. Spec §8: when the issue plan
 * cannot be loaded, 投注计划获取失败，即将返回首页 and back to /home.
 */
export function useIssueOnSale(lottery: LotteryDef, isStopListed: boolean): IssueOnSale {
  const navigate = useNavigate();
  const synced = useServerClockSynced();
  const openData = useLotteryOpenData(lottery.code);

  useEffect(() => {
    if (!openData.isError) return;
    showToast('投注计划获取失败，即将返回首页');
    const timer = setTimeout(() => void navigate('/home', { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [openData.isError, navigate]);

  const isStop = isStopListed || Boolean(openData.data?.issueDetailData.isStop);
  const issueId = useServerClockValue((now) =>
    synced ? countdown(lottery, now, isStop).issue?.issue : undefined,
  );
  // recomputed when the issue on sale changes (issueId), not on every tick
  const onSale = useMemo(
    () => (issueId === undefined ? undefined : countdown(lottery, serverNow(), isStop).issue),
    [issueId, lottery, isStop],
  );
  const barNow = () => (synced ? countdown(lottery, serverNow(), isStop) : undefined);
  return { synced, isStop, onSale, barNow };
}
