import type { DrawApi } from '@lottery/contract/draw';
import { DrawPaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * betting/lotteryOpenData, by its path and type only (a first-screen read of the play page: no zod
 * in its first load). first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const LotteryOpenDataEndpoint: typeof DrawApi.lotteryOpenData = {
  method: 'GET',
  path: DrawPaths.lotteryOpenData,
  summary: 'The issue on sale and the latest result',
};

/** betting/lotteryOpenData?lotteryCode=: the issue on sale (isStop, times) and the latest result. */
export const getLotteryOpenData = (lotteryCode: string, signal?: AbortSignal) =>
  call(LotteryOpenDataEndpoint, { lotteryCode }, { signal });

export const lotteryOpenDataQuery = (lotteryCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'openData', lotteryCode],
    queryFn: ({ signal }) => getLotteryOpenData(lotteryCode, signal),
    staleTime: 30_000,
  });

export const useLotteryOpenData = (lotteryCode: string) => useQuery(lotteryOpenDataQuery(lotteryCode));
