import { SiteApi } from '@lottery/contract/site';
import { describe, expect, it } from 'vitest';
import { FrontCacheUpdatedAtEndpoint } from './get-front-cache-updated-at';
import { TenantConfigEndpoint } from './get-tenant-config';

const route = (e: { path: string; method: string }) => ({ path: e.path, method: e.method });

describe('site calls without zod in the first load', () => {
  it('name the contract endpoints: same path and method', () => {
    expect(route(TenantConfigEndpoint)).toEqual(route(SiteApi.getTenantConfig));
    expect(route(FrontCacheUpdatedAtEndpoint)).toEqual(route(SiteApi.getFrontCacheUpdatedAt));
  });
});
