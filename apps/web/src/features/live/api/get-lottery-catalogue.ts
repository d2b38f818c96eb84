import type { AllLotteryData } from '@lottery/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** management/content/getAllLotteryDataFront: the tenant's lottery catalogue (the hub's rows). */
export const getLotteryCatalogue = (signal?: AbortSignal) =>
  request<AllLotteryData>('management/content/getAllLotteryDataFront', { signal });

export const lotteryCatalogueQuery = () =>
  queryOptions({
    // Same key as the hall's catalogue query: one cached answer for both.
    queryKey: ['lottery', 'allLotteryData'],
    queryFn: ({ signal }) => getLotteryCatalogue(signal),
    staleTime: 5 * 60_000,
  });

export const useLotteryCatalogue = () => useQuery(lotteryCatalogueQuery());
