import { LotteryApi } from '@lottery/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** management/content/getAllLotteryDataFront: the tenant's lottery catalogue (the hub's rows). */
export const getLotteryCatalogue = (signal?: AbortSignal) =>
  call(LotteryApi.getAllLotteryDataFront, undefined, { signal });

export const lotteryCatalogueQuery = () =>
  queryOptions({
    // Same key as the hall's catalogue query: one cached answer for both.
    queryKey: ['lottery', 'allLotteryData'],
    queryFn: ({ signal }) => getLotteryCatalogue(signal),
    staleTime: 5 * 60_000,
  });

export const useLotteryCatalogue = () => useQuery(lotteryCatalogueQuery());
