import { DiscoveryApi } from '@lottery/contract/discovery';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { newestWins, profitRank, yesterdayWinners } from './service';

/** Discovery lists (spec §2 /winningInfomation, /yesterdayProfitList, /yesterdayWinner): docs/discovery.md. */
export default async function discoveryRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const tenantOf = async (request: FastifyRequest) =>
    request.user?.tenantId ?? request.tenant?.id ?? (await ctx.tenant.get())?.id ?? 0;

  route(app, DiscoveryApi.newestWins, async (request) =>
    ok(await newestWins(ctx.db, await tenantOf(request), ctx.clock.now())),
  );
  route(app, DiscoveryApi.profitRank, async (request) =>
    ok(await profitRank(ctx.db, await tenantOf(request), ctx.clock.now())),
  );
  route(app, DiscoveryApi.yesterdayWinners, async (request) =>
    ok(await yesterdayWinners(ctx.db, await tenantOf(request), ctx.clock.now())),
  );
}
