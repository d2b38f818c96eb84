import { ok } from '@lottery/contract/envelope';
import { SiteApi } from '@lottery/contract/site';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { cachedRoute, TENANT_TOPIC } from './hot-reads';
import { cacheStampsOf, siteConfigOf } from './service';
import { tenantOf } from './tenant-cache';

export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  cachedRoute(app, SiteApi.getTenantConfig, { key: 'tenantConfig', topic: TENANT_TOPIC }, async () =>
    ok(siteConfigOf(await tenantOf(ctx))),
  );

  cachedRoute(
    app,
    SiteApi.getFrontCacheUpdatedAt,
    { key: 'frontCacheStamps', topic: TENANT_TOPIC },
    async () => ok(cacheStampsOf(ctx, await tenantOf(ctx))),
  );

  route(app, SiteApi.appInit, async (request) =>
    ok({
      siteConfig: siteConfigOf(await tenantOf(ctx)),
      isLogin: request.user !== null,
      serverTime: ctx.clock.now(),
    }),
  );

  /** 13-digit epoch milliseconds, as a string (spec/betting.md §7). */
  route(app, SiteApi.getServerTimeMillisecond, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(String(ctx.clock.now()).padStart(13, '0'));
  });
}
