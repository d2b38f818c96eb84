import { BettingApi } from '@lottery/contract/betting';
import { ChaseApi } from '@lottery/contract/chase';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { formatMoney } from '@lottery/contract/money';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { cancelBet } from './canceller';
import { chaseDetail, chaseSummary, listChases } from './chase-records';
import { cancelChase } from './chase-stop';
import { placeChase } from './chaser';
import { fastBetRoutes } from './fast-routes';
import { placeBet } from './placer';
import { allBetRebate, betRebate } from './rebates';
import { betDetail, betSummary, listBets } from './records';

/** betting/*: add and cancel bets, bet records, rebates and odds. Shapes: docs/betting.md. */
export default async function bettingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, BettingApi.addBetting, async (request) => {
    const placed = await placeBet(ctx, request.user!, request.body);
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

  route(app, BettingApi.cancelBetting, async (request) => {
    const { balanceMinor } = await cancelBet(ctx, request.user!, request.body.orderId);
    return ok({ balance: formatMoney(balanceMinor) }, '撤单成功');
  });

  route(app, BettingApi.getBetting, async (request) =>
    ok(await listBets(ctx.db, request.user!.userId, request.query, ctx.clock.now())),
  );

  route(app, BettingApi.getBetData, async (request) =>
    ok(await betSummary(ctx.db, request.user!.userId, request.query, ctx.clock.now())),
  );

  route(app, BettingApi.getBetDetail, async (request) => {
    const detail = await betDetail(ctx.db, request.user!.userId, request.query.id, ctx.clock.now());
    if (!detail) throw DomainError.of(Codes.INVALID_PARAM, '注单不存在');
    return ok(detail);
  });

  route(app, BettingApi.getBetRebate, async (request) => {
    const data = await betRebate(ctx, request.user!, request.query.lotteryType);
    if (!data) throw DomainError.of(Codes.INVALID_PARAM, '该类型没有彩票玩法');
    return ok(data);
  });

  route(app, BettingApi.getAllBetRebate, async (request) => ok(await allBetRebate(ctx, request.user!)));

  route(app, ChaseApi.addChaseBetting, async (request) => {
    const placed = await placeChase(ctx, request.user!, request.body);
    return ok(
      {
        chaseId: placed.chaseId,
        recordCode: placed.recordCode,
        lotteryCode: placed.lotteryCode,
        startIssue: placed.startIssue,
        chaseCount: placed.chaseCount,
        betMoney: formatMoney(placed.amountMinor),
        balance: formatMoney(placed.balanceMinor),
        replayed: placed.replayed,
      },
      '投注成功',
    );
  });

  route(app, ChaseApi.cancelAutoChaseBetting, async (request) => {
    const done = await cancelChase(ctx, request.user!, request.body.chaseId);
    return ok(
      {
        cancelled: done.cancelled,
        refund: formatMoney(done.refundMinor),
        balance: formatMoney(done.balanceMinor),
      },
      '撤单成功',
    );
  });

  route(app, ChaseApi.getChaseBetting, async (request) =>
    ok(await listChases(ctx.db, request.user!.userId, request.query, ctx.clock.now())),
  );

  route(app, ChaseApi.getChaseBetData, async (request) =>
    ok(await chaseSummary(ctx.db, request.user!.userId, request.query, ctx.clock.now())),
  );

  route(app, ChaseApi.getChaseDetail, async (request) => {
    const detail = await chaseDetail(ctx.db, request.user!.userId, request.query.id, ctx.clock.now());
    if (!detail) throw DomainError.of(Codes.INVALID_PARAM, '追号单不存在');
    return ok(detail);
  });

  await fastBetRoutes(app);
}
