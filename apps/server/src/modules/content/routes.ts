import { ok } from '@lottery/contract/envelope';
import { ContentApi } from '@lottery/contract/site';
import type { FastifyInstance } from 'fastify';
import { cachedRoute, listSupportLines, TENANT_TOPIC, tenantOf } from '../site/index';
import { listAnnouncements, listBanners } from './repo';

/** Home-page content: the same for every visitor, answered from memory (site/hot-reads.ts). */
export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const tenantId = async () => (await tenantOf(ctx)).id;

  cachedRoute(app, ContentApi.getSupportFront, { key: 'supportLines', topic: TENANT_TOPIC }, async () =>
    ok(await listSupportLines(ctx.db, await tenantId())),
  );

  cachedRoute(app, ContentApi.imageBannerHomeMobileFront, { key: 'banners', topic: TENANT_TOPIC }, async () =>
    ok(await listBanners(ctx.db, await tenantId())),
  );

  cachedRoute(app, ContentApi.announcement, { key: 'announcements', topic: TENANT_TOPIC }, async () =>
    ok(await listAnnouncements(ctx.db, await tenantId())),
  );
}
