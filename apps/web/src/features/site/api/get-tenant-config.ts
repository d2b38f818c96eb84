import type { SiteApi } from '@lottery/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { afterFirstScreen } from '../../../shared/lib/first-screen';

/**
 * management/tenant/getTenantConfig, by its path and type only: the shell asks it, and the
 * contract's schemas (zod) stay out of the first load (docs/web.md, speed). site-endpoints.test.ts
 * holds it equal to the contract's.
 */
export const TenantConfigEndpoint: typeof SiteApi.getTenantConfig = {
  method: 'GET',
  path: 'management/tenant/getTenantConfig',
  summary: 'Site configuration (or -7/-12/-19 with SiteModeData)',
};

export const getTenantConfig = (signal?: AbortSignal) => call(TenantConfigEndpoint, undefined, { signal });

export const tenantConfigQuery = () =>
  queryOptions({
    queryKey: ['site', 'tenantConfig'],
    // the first screen draws without it (a module's page waits on its loading screen): asked for
    // once that is shown
    queryFn: afterFirstScreen(({ signal }: { signal: AbortSignal }) => getTenantConfig(signal)),
    staleTime: 5 * 60_000,
  });

export const useTenantConfig = () => useQuery(tenantConfigQuery());
