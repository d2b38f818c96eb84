import { HallReads } from '@lottery/contract/first-screen';
import type { LotteryApi } from '@lottery/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';

/**
 * management/content/getAllLotteryDataFront, by its path and type only: the hall and the play page
 * draw from it, and the contract's schemas (zod) stay out of their first load (docs/web.md, speed).
 * first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const CatalogueEndpoint: typeof LotteryApi.getAllLotteryDataFront = {
  method: 'GET',
  path: HallReads.catalogue,
  summary: 'The lottery catalogue by family',
};

export type AllLotteryData = CallReply<typeof LotteryApi.getAllLotteryDataFront>;
export type LotteryFamilyGroup = AllLotteryData['lotteryList'][number];
export type Lottery = LotteryFamilyGroup['lotteries'][number];

export const getAllLotteryData = (signal?: AbortSignal) => call(CatalogueEndpoint, undefined, { signal });

export const allLotteryDataQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'allLotteryData'],
    queryFn: ({ signal }) => getAllLotteryData(signal),
    staleTime: 5 * 60_000,
  });

export const useAllLotteryData = () => useQuery(allLotteryDataQuery());
