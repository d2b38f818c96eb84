import { HallReads } from '@lottery/contract/first-screen';
import type { ContentApi } from '@lottery/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';

/**
 * management/content/imageBannerHomeMobileFront, by its path and type only (a first-screen read of
 * the hall: no zod in its first load). first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const BannersEndpoint: typeof ContentApi.imageBannerHomeMobileFront = {
  method: 'GET',
  path: HallReads.banners,
  summary: 'Home banners',
};

export type Banner = CallReply<typeof ContentApi.imageBannerHomeMobileFront>[number];

export const getBanners = (signal?: AbortSignal) => call(BannersEndpoint, undefined, { signal });

export const bannersQuery = () =>
  queryOptions({
    queryKey: ['site', 'banners'],
    queryFn: ({ signal }) => getBanners(signal),
    staleTime: 60_000,
  });

export const useBanners = () => useQuery(bannersQuery());
