import { Readable } from 'node:stream';
import { Codes } from '@lottery/contract/codes';
import type { ConsoleEndpoint } from '@lottery/contract/console/endpoint';
import { ConsoleFinanceApi } from '@lottery/contract/console/finance';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../errors';
import { parse } from '../../plugins/envelope';
import { actorOf, consoleRoute, registerConsoleGate } from '../staff/index';
import { depositCsv, withdrawCsv } from './export';
import * as desk from './service';

/**
 * The finance desk's console calls: registered by app.ts under /console/api behind its own copy
 * of the console gate (session, origin, permission of each call's `access`), as the players desk
 * is (docs/console.md "Finance desk").
 */

/** The audit actor with the staff account the four-eyes record keeps. */
function deskActor(request: Parameters<typeof actorOf>[0]): desk.DeskActor {
  return { ...actorOf(request), staffId: request.staff.staffId, account: request.staff.account };
}

const ProofRequest = z.object({
  orderNo: z.string().max(60),
  name: z.string().regex(/^[0-9A-Za-z/_-]{1,120}$/, '图片不存在'),
});

/**
 * A search's CSV export: the gate checks the endpoint's permission, the filter is the list's (a bad
 * one answers HTTP 400 with the -2 envelope and its message, before any CSV byte: the browser's
 * download fails visibly instead of saving an error as a .csv), then the file streams batch by batch.
 */
function csvRoute<Req extends z.ZodType>(
  app: FastifyInstance,
  endpoint: ConsoleEndpoint<Req, z.ZodType, 'GET'>,
  fileName: string,
  open: (filter: z.output<Req>) => Promise<AsyncIterable<string>>,
): void {
  app.route({
    method: 'GET',
    url: `/${endpoint.path}`,
    schema: { hide: true },
    config: { consoleAccess: endpoint.access },
    handler: async (request, reply) => {
      let lines: AsyncIterable<string>;
      try {
        lines = await open(parse(endpoint.request!, request.query));
      } catch (error) {
        if (error instanceof DomainError && error.code === Codes.INVALID_PARAM.code)
          return reply.status(400).send({ code: error.code, msg: error.message });
        throw error;
      }
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}-${app.ctx.clock.now()}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines));
    },
  });
}

export default async function financeDeskRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  registerConsoleGate(app);
  const Api = ConsoleFinanceApi;

  consoleRoute(app, Api.depositList, async (r) => ok(await desk.listDeposits(ctx, r.query)));
  consoleRoute(app, Api.depositPending, async () => ok(await desk.pendingDeposits(ctx)));
  consoleRoute(app, Api.depositDetail, async (r) => ok(await desk.depositDetail(ctx, r.query.orderNo)));
  consoleRoute(app, Api.depositConfirm, async (r) =>
    ok(await desk.confirmDeposit(ctx, deskActor(r), r.body.orderNo, r.body.reason)),
  );
  consoleRoute(app, Api.depositReject, async (r) =>
    ok(await desk.rejectDepositOrder(ctx, deskActor(r), r.body.orderNo, r.body.reason)),
  );

  csvRoute(app, Api.depositExport, 'deposits', (filter) => depositCsv(ctx, filter));

  consoleRoute(app, Api.withdrawQueue, async () => ok(await desk.withdrawQueue(ctx)));
  consoleRoute(app, Api.withdrawList, async (r) => ok(await desk.listWithdrawals(ctx, r.query)));
  consoleRoute(app, Api.withdrawDetail, async (r) => ok(await desk.withdrawDetail(ctx, r.query.orderNo)));
  consoleRoute(app, Api.withdrawApprove, async (r) =>
    ok(await desk.approveWithdrawal(ctx, deskActor(r), r.body.orderNo, r.body.reason)),
  );
  consoleRoute(app, Api.withdrawReject, async (r) =>
    ok(await desk.rejectWithdrawal(ctx, deskActor(r), r.body.orderNo, r.body.reason)),
  );

  csvRoute(app, Api.withdrawExport, 'withdrawals', (filter) => withdrawCsv(ctx, filter));

  consoleRoute(app, Api.adjust, async (r) => ok(await desk.adjustBalance(ctx, deskActor(r), r.body)));

  consoleRoute(app, Api.channelList, async () => ok(await desk.listChannels(ctx)));
  consoleRoute(app, Api.channelUpdate, async (r) =>
    ok(await desk.updateChannelSetting(ctx, deskActor(r), r.body)),
  );
  consoleRoute(app, Api.reconciliation, async (r) => ok(await desk.reconciliation(ctx, r.query.day)));

  // A proof image (the URLs depositDetail answers): a JPEG, not an envelope; deposit.read as the detail.
  app.route({
    method: 'GET',
    url: '/finance/deposits/proof',
    schema: { hide: true },
    config: { consoleAccess: Api.depositDetail.access },
    handler: async (request, reply) => {
      const q = parse(ProofRequest, request.query);
      const image = await desk.proofImage(ctx, q.orderNo, q.name);
      reply.type('image/jpeg').header('cache-control', 'private, no-store');
      return reply.send(image);
    },
  });
}
