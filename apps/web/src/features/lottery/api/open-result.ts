import type { DrawApi } from '@lottery/contract/draw';
import { PLAY_PAGE_RESULTS } from '@lottery/contract/first-screen';
import { DrawPaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * lottery/openResult, by its path and type only (a first-screen read of the play page: no zod in
 * its first load). first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const OpenResultEndpoint: typeof DrawApi.openResult = {
  method: 'GET',
  path: DrawPaths.openResult,
  summary: 'Latest results, newest first',
};

/** lottery/openResult?lotteryCode=&dataNum=10: the latest results, newest first. */
export const getOpenResult = (lotteryCode: string, signal?: AbortSignal) =>
  call(OpenResultEndpoint, { lotteryCode, dataNum: PLAY_PAGE_RESULTS }, { signal });

export const openResultQuery = (lotteryCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'openResult', lotteryCode],
    queryFn: ({ signal }) => getOpenResult(lotteryCode, signal),
  });

/** The results strip's query, asked again every `pollMs` while the page shows it. */
export const useOpenResult = (lotteryCode: string, pollMs: number) =>
  useQuery({ ...openResultQuery(lotteryCode), refetchInterval: pollMs });
