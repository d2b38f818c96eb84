import { MESSAGES } from '@lottery/rules/amount';
import { parseRebateTenths } from '@lottery/rules/odds';
import { useEffect, useState } from 'react';
import { showToast } from '../../../shared/ui/feedback';
import { useBetRebate } from '../api/bet-rebate';
import { bettingPointText } from '../components/rebate-picker';

/** The rebate the player takes now, and the prize group it prices his bets at. */
export interface RebatePoint {
  /** The player's whole rebate; undefined while it is loading or after it failed. */
  rebateTenths: number | undefined;
  /** The part taken, in tenths of a percent (never above the whole rebate). */
  point: number;
  setPoint(pointTenths: number): void;
  /** The prize group the server prices the bet at (0 while the rebate loads: odds hidden). */
  group: number;
  /** The footer's text, "0-" plus the point taken, as sent with a bet. */
  bettingPoint: string;
  /** Without the rebate nothing can be priced: says so (spec §5) and answers true. */
  rebateMissing(): boolean;
}

/** The rebate chip's state (spec/betting.md §3 bettingPoint) over the player's rebate query. */
export function useRebatePoint(lotteryType: number): RebatePoint {
  const rebate = useBetRebate(lotteryType);
  const [pointTenths, setPoint] = useState(0);
  const rebateTenths = rebate.data ? (parseRebateTenths(rebate.data.rebate) ?? undefined) : undefined;
  const point = Math.min(pointTenths, rebateTenths ?? 0);
  // 2 points of group per 0.1% of rebate taken
  const group = rebate.data ? rebate.data.group - 2 * point : 0;

  // Spec §5: without the rebate nothing can be priced; say so, and every bet action is refused.
  useEffect(() => {
    if (rebate.isError) showToast(MESSAGES.noRebate);
  }, [rebate.isError]);
  const rebateMissing = () => {
    if (rebate.data) return false;
    showToast(MESSAGES.noRebate);
    return true;
  };

  return { rebateTenths, point, setPoint, group, bettingPoint: bettingPointText(point), rebateMissing };
}
