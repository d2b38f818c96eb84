import { ok } from '@lottery/contract/envelope';
import { LongDragonApi } from '@lottery/contract/long-dragon';
import { LotteryApi } from '@lottery/contract/site';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { cachedRoute, hiddenModes, TENANT_TOPIC, tenantOf } from '../site/index';
import { tenantLotteries } from './catalogue';
import { longDragonList } from './long-dragon';
import { allLotteryData, hotLotteries } from './service';

/** The catalogue every home page loads: answered from memory (site/hot-reads.ts). */
export default async function lotteryRoutes(app: FastifyInstance): Promise<void> {
  cachedRoute(
    app,
    LotteryApi.getAllLotteryDataFront,
    { key: 'allLotteryData', topic: TENANT_TOPIC },
    async () => {
      const { code } = await tenantOf(app.ctx);
      return ok(
        allLotteryData(await tenantLotteries(app), (family) => hiddenModes(app.ctx.config, code, family)),
      );
    },
  );

  cachedRoute(app, LotteryApi.getHotLottery, { key: 'hotLottery', topic: TENANT_TOPIC }, async () =>
    ok(hotLotteries(await tenantLotteries(app))),
  );

  // Streaks from memory until a lottery's next draw; issue, countdown and odds per request.
  route(app, LongDragonApi.longDragon, async (request) =>
    ok(request.query.type === 1 ? await longDragonList(app, request.user) : []),
  );
}
