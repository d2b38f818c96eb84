import type { BettingApi } from '@lottery/contract/betting';
import { BettingPaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { afterFirstScreen } from '../../../shared/lib/first-screen';

/**
 * betting/getBetRebate, by its path and type only (the play page asks it: no zod in its first load).
 * first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const BetRebateEndpoint: typeof BettingApi.getBetRebate = {
  method: 'GET',
  path: BettingPaths.getBetRebate,
  summary: "The player's rebate and odds for one lottery type",
  login: true,
};

/**
 * betting/getBetRebate?lotteryType=: the player's rebate and prize group for a lottery type. Silent:
 * a failure is told by the play screen as 返点获取失败，请刷新再试 (spec/betting.md §5), not as a
 * network toast that would cover it.
 */
export const getBetRebate = (lotteryType: number, signal?: AbortSignal) =>
  call(BetRebateEndpoint, { lotteryType }, { signal, silent: true });

export const betRebateQuery = (lotteryType: number) =>
  queryOptions({
    queryKey: ['betting', 'rebate', lotteryType],
    // not drawn by the first screen (the odds come with it): asked for once that is shown
    queryFn: afterFirstScreen(({ signal }: { signal: AbortSignal }) => getBetRebate(lotteryType, signal)),
    staleTime: 5 * 60_000,
  });

export const useBetRebate = (lotteryType: number) => useQuery(betRebateQuery(lotteryType));
