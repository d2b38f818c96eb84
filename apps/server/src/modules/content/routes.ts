import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../site/tenant-cache';
import { listSupportLines } from '../site/tenant-repo';
import { listAnnouncements, listBanners } from './repo';

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/management/content/getSupportFront', async () =>
    ok(await listSupportLines(ctx.db, (await tenantOf(ctx)).id)),
  );

  app.get('/management/content/imageBannerHomeMobileFront', async () =>
    ok(await listBanners(ctx.db, (await tenantOf(ctx)).id)),
  );

  app.get('/users/announcement', async () => ok(await listAnnouncements(ctx.db, (await tenantOf(ctx)).id)));
}
