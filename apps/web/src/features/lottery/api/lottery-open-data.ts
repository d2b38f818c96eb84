import type { LotteryOpenData } from '@lottery/contract/draw';
import { DrawPaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** betting/lotteryOpenData?lotteryCode=: the issue on sale (isStop, times) and the latest result. */
export const getLotteryOpenData = (lotteryCode: string, signal?: AbortSignal) =>
  request<LotteryOpenData>(DrawPaths.lotteryOpenData, { query: { lotteryCode }, signal });

export const lotteryOpenDataQuery = (lotteryCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'openData', lotteryCode],
    queryFn: ({ signal }) => getLotteryOpenData(lotteryCode, signal),
    staleTime: 30_000,
  });

export const useLotteryOpenData = (lotteryCode: string) => useQuery(lotteryOpenDataQuery(lotteryCode));
