import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import type { SiteConfig } from '../../../shared/stores/site';

export const getTenantConfig = (signal?: AbortSignal) =>
  request<SiteConfig>('management/tenant/getTenantConfig', { signal });

export const tenantConfigQuery = () =>
  queryOptions({
    queryKey: ['site', 'tenantConfig'],
    queryFn: ({ signal }) => getTenantConfig(signal),
    staleTime: 5 * 60_000,
  });

export const useTenantConfig = () => useQuery(tenantConfigQuery());
