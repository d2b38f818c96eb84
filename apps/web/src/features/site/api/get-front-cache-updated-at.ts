import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export interface CacheStamps {
  pageUpdateTimeMobile: number | string;
  tenantConfig: number | string;
  lotteryOrder: number | string;
  frontVersion: number | string;
}

/** Silent: spec/platform.md §7 says a 404 here is silenced, and the check runs in the background. */
export const getFrontCacheUpdatedAt = (signal?: AbortSignal) =>
  request<CacheStamps>('management/tenant/getFrontCacheUpdatedAt', { signal, silent: true });

export const frontCacheUpdatedAtQuery = () =>
  queryOptions({
    queryKey: ['site', 'frontCacheUpdatedAt'],
    queryFn: ({ signal }) => getFrontCacheUpdatedAt(signal),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
