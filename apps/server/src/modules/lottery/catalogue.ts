import type { FastifyInstance } from 'fastify';
import { TENANT_TOPIC, tenantOf } from '../site/index';
import { type LotteryRow, listLotteries } from './repo';

/**
 * The tenant's lottery rows in hall order, from memory until the catalogue changes (tenant topic).
 * Shared between requests: callers filter and map, never mutate.
 */
export function tenantLotteries(app: FastifyInstance): Promise<readonly LotteryRow[]> {
  const { ctx } = app;
  return app.hotReads.cache.get('lotteries', TENANT_TOPIC, async () =>
    listLotteries(ctx.db, (await tenantOf(ctx)).id),
  );
}
