import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../site/tenant-cache';
import { listLotteries } from './repo';
import { allLotteryData, hotLotteries } from './service';

export default async function lotteryRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/management/content/getAllLotteryDataFront', async () =>
    ok(allLotteryData(await listLotteries(ctx.db, (await tenantOf(ctx)).id))),
  );

  app.get('/management/content/getHotLottery', async () =>
    ok(hotLotteries(await listLotteries(ctx.db, (await tenantOf(ctx)).id))),
  );
}
