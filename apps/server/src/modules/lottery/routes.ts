import { ok } from '@lottery/contract/envelope';
import { LotteryApi } from '@lottery/contract/site';
import type { FastifyInstance } from 'fastify';
import { cachedRoute, TENANT_TOPIC } from '../site/index';
import { tenantLotteries } from './catalogue';
import { allLotteryData, hotLotteries } from './service';

/** The catalogue every home page loads: answered from memory (site/hot-reads.ts). */
export default async function lotteryRoutes(app: FastifyInstance): Promise<void> {
  cachedRoute(
    app,
    LotteryApi.getAllLotteryDataFront,
    { key: 'allLotteryData', topic: TENANT_TOPIC },
    async () => ok(allLotteryData(await tenantLotteries(app))),
  );

  cachedRoute(app, LotteryApi.getHotLottery, { key: 'hotLottery', topic: TENANT_TOPIC }, async () =>
    ok(hotLotteries(await tenantLotteries(app))),
  );
}
