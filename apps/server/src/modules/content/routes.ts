import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TENANT_TOPIC } from '../site/hot-reads';
import { tenantOf } from '../site/tenant-cache';
import { listSupportLines } from '../site/tenant-repo';
import { listAnnouncements, listBanners } from './repo';

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  /** Home-page content: the same for every visitor, answered from memory (site/hot-reads.ts). */
  const cached =
    (key: string, read: (tenantId: number) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) =>
      (
        await app.hotReads.answer(key, TENANT_TOPIC, async () => ok(await read((await tenantOf(ctx)).id)))
      ).send(request, reply);

  app.get(
    '/management/content/getSupportFront',
    cached('supportLines', (tenantId) => listSupportLines(ctx.db, tenantId)),
  );

  app.get(
    '/management/content/imageBannerHomeMobileFront',
    cached('banners', (tenantId) => listBanners(ctx.db, tenantId)),
  );

  app.get(
    '/users/announcement',
    cached('announcements', (tenantId) => listAnnouncements(ctx.db, tenantId)),
  );
}
