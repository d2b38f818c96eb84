import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { TENANT_TOPIC } from '../site/hot-reads';
import { tenantLotteries } from './catalogue';
import { allLotteryData, hotLotteries } from './service';

/** The catalogue every home page loads: answered from memory (site/hot-reads.ts). */
export default async function lotteryRoutes(app: FastifyInstance): Promise<void> {
  const { hotReads } = app;

  app.get('/management/content/getAllLotteryDataFront', async (request, reply) =>
    (
      await hotReads.answer('allLotteryData', TENANT_TOPIC, async () =>
        ok(allLotteryData(await tenantLotteries(app))),
      )
    ).send(request, reply),
  );

  app.get('/management/content/getHotLottery', async (request, reply) =>
    (
      await hotReads.answer('hotLottery', TENANT_TOPIC, async () =>
        ok(hotLotteries(await tenantLotteries(app))),
      )
    ).send(request, reply),
  );
}
