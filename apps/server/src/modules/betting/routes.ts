import {
  addBettingRequest,
  betListQuery,
  betRebateQuery,
  cancelBettingRequest,
} from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { formatMoney } from '@lottery/contract/money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../errors';
import { parse } from '../../plugins/envelope';
import { requireUser } from '../../plugins/session';
import { cancelBet } from './canceller';
import { placeBet } from './placer';
import { allBetRebate, betRebate } from './rebates';
import { betDetail, betSummary, listBets } from './records';

/** betting/*: add and cancel bets, bet records, rebates and odds. Shapes: docs/betting.md. */
export default async function bettingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/betting/addBetting', { preHandler: requireUser }, async (request) => {
    const body = parse(addBettingRequest, request.body);
    const placed = await placeBet(ctx, request.user!, body);
    return ok(
      {
        orderId: placed.orderId,
        recordCode: placed.recordCode,
        lotteryCode: placed.lotteryCode,
        issue: placed.issue,
        betMoney: formatMoney(placed.amountMinor),
        lines: placed.lines,
        notes: placed.notes,
        balance: formatMoney(placed.balanceMinor),
        replayed: placed.replayed,
      },
      '投注成功',
    );
  });

  app.post('/betting/cancelBetting', { preHandler: requireUser }, async (request) => {
    const { orderId } = parse(cancelBettingRequest, request.body);
    const { balanceMinor } = await cancelBet(ctx, request.user!, orderId);
    return ok({ balance: formatMoney(balanceMinor) }, '撤单成功');
  });

  app.get('/betting/getBetting', { preHandler: requireUser }, async (request) =>
    ok(await listBets(ctx.db, request.user!.userId, parse(betListQuery, request.query), ctx.clock.now())),
  );

  app.get('/betting/getBetData', { preHandler: requireUser }, async (request) =>
    ok(await betSummary(ctx.db, request.user!.userId, parse(betListQuery, request.query), ctx.clock.now())),
  );

  app.get('/betting/getBetDetail', { preHandler: requireUser }, async (request) => {
    const { id } = parse(z.object({ id: z.coerce.number().int().positive('注单不存在') }), request.query);
    const detail = await betDetail(ctx.db, request.user!.userId, id, ctx.clock.now());
    if (!detail) throw DomainError.of(Codes.INVALID_PARAM, '注单不存在');
    return ok(detail);
  });

  app.get('/betting/getBetRebate', { preHandler: requireUser }, async (request) => {
    const { lotteryType } = parse(betRebateQuery, request.query);
    const data = await betRebate(ctx, request.user!, lotteryType);
    if (!data) throw DomainError.of(Codes.INVALID_PARAM, '该类型没有彩票玩法');
    return ok(data);
  });

  app.get('/betting/getAllBetRebate', { preHandler: requireUser }, async (request) =>
    ok(await allBetRebate(ctx, request.user!)),
  );
}
