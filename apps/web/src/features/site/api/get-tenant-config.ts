import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { afterFirstScreen } from '../../../shared/lib/first-screen';
import type { SiteConfig } from '../../../shared/stores/site';

export const getTenantConfig = (signal?: AbortSignal) =>
  request<SiteConfig>('management/tenant/getTenantConfig', { signal });

export const tenantConfigQuery = () =>
  queryOptions({
    queryKey: ['site', 'tenantConfig'],
    // the first screen draws without it (a module's page waits on its loading screen): asked for
    // once that is shown
    queryFn: afterFirstScreen(({ signal }: { signal: AbortSignal }) => getTenantConfig(signal)),
    staleTime: 5 * 60_000,
  });

export const useTenantConfig = () => useQuery(tenantConfigQuery());
