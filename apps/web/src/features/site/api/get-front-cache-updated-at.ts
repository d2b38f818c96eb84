import type { SiteApi } from '@lottery/contract/site';
import { queryOptions } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';

/**
 * management/tenant/getFrontCacheUpdatedAt, by its path and type only: the version check runs in
 * the shell's idle extras, which keep the contract's schemas (zod) out (docs/web.md, speed).
 * site-endpoints.test.ts holds it equal to the contract's.
 */
export const FrontCacheUpdatedAtEndpoint: typeof SiteApi.getFrontCacheUpdatedAt = {
  method: 'GET',
  path: 'management/tenant/getFrontCacheUpdatedAt',
  summary: 'Stamps that change when cached things change',
};

export type CacheStamps = CallReply<typeof SiteApi.getFrontCacheUpdatedAt>;

/** Silent: spec/platform.md §7 says a 404 here is silenced, and the check runs in the background. */
export const getFrontCacheUpdatedAt = (signal?: AbortSignal) =>
  call(FrontCacheUpdatedAtEndpoint, undefined, { signal, silent: true });

export const frontCacheUpdatedAtQuery = () =>
  queryOptions({
    queryKey: ['site', 'frontCacheUpdatedAt'],
    queryFn: ({ signal }) => getFrontCacheUpdatedAt(signal),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
