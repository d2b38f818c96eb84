import { ok } from '@lottery/contract/envelope';
import { RecordsApi } from '@lottery/contract/records';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { settledBetList, settlementSummary, waterDetail } from './service';

/** Account records read from bets and the ledger (今日已结, 返水明细): docs/records.md. */
export default async function recordsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, RecordsApi.settlementToday, async (request) =>
    ok(await settlementSummary(ctx.db, request.user, request.query, ctx.clock.now())),
  );

  route(app, RecordsApi.settledBets, async (request) =>
    ok(await settledBetList(ctx.db, request.user, request.query, ctx.clock.now())),
  );

  route(app, RecordsApi.waterDetail, async (request) =>
    ok(await waterDetail(ctx.db, request.user, request.query, ctx.clock.now())),
  );
}
