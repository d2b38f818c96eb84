import type { ResultEntry } from '@lottery/contract/draw';
import { PLAY_PAGE_RESULTS } from '@lottery/contract/first-screen';
import { DrawPaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** lottery/openResult?lotteryCode=&dataNum=10: the latest results, newest first. */
export const getOpenResult = (lotteryCode: string, signal?: AbortSignal) =>
  request<ResultEntry[]>(DrawPaths.openResult, {
    query: { lotteryCode, dataNum: PLAY_PAGE_RESULTS },
    signal,
  });

export const openResultQuery = (lotteryCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'openResult', lotteryCode],
    queryFn: ({ signal }) => getOpenResult(lotteryCode, signal),
  });

/** The results strip's query, asked again every `pollMs` while the page shows it. */
export const useOpenResult = (lotteryCode: string, pollMs: number) =>
  useQuery({ ...openResultQuery(lotteryCode), refetchInterval: pollMs });
