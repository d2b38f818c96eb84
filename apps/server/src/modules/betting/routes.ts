import { BettingApi } from '@lottery/contract/betting';
import { ChaseApi } from '@lottery/contract/chase';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { formatMoney } from '@lottery/contract/money';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { REBATE_TOPIC, TENANT_TOPIC } from '../site/index';
import { cancelBet } from './canceller';
import { chaseDetail, chaseSummary, listChases } from './chase-records';
import { cancelChase } from './chase-stop';
import { placeChase } from './chaser';
import { fastBetRoutes } from './fast-routes';
import { placeBet } from './placer';
import { allBetRebate, hasRebateTable, rebateTableAt, userRebate } from './rebates';
import { betDetail, betSummary, listBets } from './records';

/** betting/*: add and cancel bets, bet records, rebates and odds. Shapes: docs/betting.md. */
export default async function bettingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, BettingApi.addBetting, async (request) => {
    const placed = await placeBet(ctx, request.user, request.body);
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
    const { balanceMinor } = await cancelBet(ctx, request.user, request.body.orderId);
    return ok({ balance: formatMoney(balanceMinor) }, '撤单成功');
  });

  route(app, BettingApi.getBetting, async (request) =>
    ok(await listBets(ctx.db, request.user.userId, request.query, ctx.clock.now())),
  );

  route(app, BettingApi.getBetData, async (request) =>
    ok(await betSummary(ctx.db, request.user.userId, request.query, ctx.clock.now())),
  );

  route(app, BettingApi.getBetDetail, async (request) => {
    const detail = await betDetail(ctx.db, request.user.userId, request.query.id, ctx.clock.now());
    if (!detail) throw DomainError.of(Codes.INVALID_PARAM, '注单不存在');
    return ok(detail);
  });

  // A hot read (issue 10): the player's own figures are kept per player (dropped when an agent
  // raises them, and at most 2 s old), the table for a type and figure is one answer for every
  // player on it (dropped by tenant changes), serialised and compressed once. Placing a bet reads
  // the rebate from the database whatever this shows (betting/standing.ts).
  route(app, BettingApi.getBetRebate, async (request, reply) => {
    const { userId, tenantId } = request.user;
    const { lotteryType } = request.query;
    if (!hasRebateTable(lotteryType)) throw DomainError.of(Codes.INVALID_PARAM, '该类型没有彩票玩法');
    const own = await app.hotReads.players.get(`rebate:${userId}`, REBATE_TOPIC, () =>
      userRebate(ctx, userId),
    );
    const tenths = own.byType.get(lotteryType) ?? own.tenths;
    const answer = await app.hotReads.answer(
      `rebateTable:${tenantId}:${lotteryType}:${tenths}`,
      TENANT_TOPIC,
      async () => ok(await rebateTableAt(ctx, tenantId, lotteryType, tenths)),
      BettingApi.getBetRebate.data,
    );
    // Sent here with its pre-compressed bytes; Fastify takes a returned reply as already answered.
    return answer.send(request, reply) as unknown as string;
  });

  route(app, BettingApi.getAllBetRebate, async (request) => ok(await allBetRebate(ctx, request.user)));

  route(app, ChaseApi.addChaseBetting, async (request) => {
    const placed = await placeChase(ctx, request.user, request.body);
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
    const done = await cancelChase(ctx, request.user, request.body.chaseId);
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
    ok(await listChases(ctx.db, request.user.userId, request.query, ctx.clock.now())),
  );

  route(app, ChaseApi.getChaseBetData, async (request) =>
    ok(await chaseSummary(ctx.db, request.user.userId, request.query, ctx.clock.now())),
  );

  route(app, ChaseApi.getChaseDetail, async (request) => {
    const detail = await chaseDetail(ctx.db, request.user.userId, request.query.id, ctx.clock.now());
    if (!detail) throw DomainError.of(Codes.INVALID_PARAM, '追号单不存在');
    return ok(detail);
  });

  await fastBetRoutes(app);
}
