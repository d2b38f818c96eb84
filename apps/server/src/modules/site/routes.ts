import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { TENANT_TOPIC } from './hot-reads';
import { cacheStampsOf, siteConfigOf } from './service';
import { tenantOf } from './tenant-cache';

export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { ctx, hotReads } = app;

  app.get('/management/tenant/getTenantConfig', async (request, reply) =>
    (
      await hotReads.answer('tenantConfig', TENANT_TOPIC, async () => ok(siteConfigOf(await tenantOf(ctx))))
    ).send(request, reply),
  );

  app.get('/management/tenant/getFrontCacheUpdatedAt', async (request, reply) =>
    (
      await hotReads.answer('frontCacheStamps', TENANT_TOPIC, async () =>
        ok(cacheStampsOf(ctx, await tenantOf(ctx))),
      )
    ).send(request, reply),
  );

  app.get('/users/appInit', async (request) =>
    ok({
      siteConfig: siteConfigOf(await tenantOf(ctx)),
      isLogin: request.user !== null,
      serverTime: ctx.clock.now(),
    }),
  );

  /** 13-digit epoch milliseconds, as a string (spec/betting.md §7). */
  app.get('/betting/getServerTimeMillisecond', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(String(ctx.clock.now()).padStart(13, '0'));
  });
}
