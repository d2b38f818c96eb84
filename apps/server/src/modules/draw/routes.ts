import { Codes } from '@lottery/contract/codes';
import { DrawApi } from '@lottery/contract/draw';
import { ok } from '@lottery/contract/envelope';
import { currentIssue, dayPlan, issueAfter, lhcMonthPlan } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { allLotteryData, tenantLotteries } from '../lottery/index';
import { cachedRoute, drawTopic, TENANT_TOPIC } from '../site/index';
import { recentDraws } from './repo';
import {
  fairnessChain,
  fairnessIssue,
  issueDetail,
  lastTrend,
  lotteryOrThrow,
  resultEntry,
  todayTrend,
  trendChart,
} from './service';

/** Plans, open times, results, stock trends and fairness (long dragon: lottery/long-dragon.ts). Shapes: docs/betting.md. */
export default async function drawRoutes(app: FastifyInstance): Promise<void> {
  const { ctx, hotReads } = app;

  // Read from memory (site/hot-reads.ts): the catalogue until it changes, draws until the next one.
  const isStopped = async (code: string) =>
    (await tenantLotteries(app)).find((l) => l.code === code)?.isStop ?? true;
  const latestDraws = (code: string, count: number) =>
    hotReads.cache.get(`draws:${code}:${count}`, drawTopic(code), () => recentDraws(ctx.db, code, count));

  cachedRoute(app, DrawApi.stockLotteryData, { key: 'stockLotteryData', topic: TENANT_TOPIC }, async () =>
    ok(allLotteryData((await tenantLotteries(app)).filter((r) => r.family === 'STOCK'))),
  );

  route(app, DrawApi.lotteryPlan, async (request) => {
    const lottery = lotteryOrThrow(request.query.lotteryCode);
    return ok(dayPlan(lottery, ctx.clock.now()));
  });

  route(app, DrawApi.openTime, async (request) => {
    const lottery = lotteryOrThrow(request.query.lotteryCode);
    return ok(issueDetail(lottery, ctx.clock.now(), await isStopped(lottery.code)));
  });

  route(app, DrawApi.lhcOpenTime, async (request) => {
    const { lotteryCode } = request.query;
    const lottery = lotteryOrThrow(lotteryCode);
    if (lottery.schedule.kind !== 'lhc') throw DomainError.of(Codes.INVALID_PARAM, '该彩种不是六合彩');
    const now = ctx.clock.now();
    return ok({
      ...lhcMonthPlan(lottery, now),
      issueDetailData: issueDetail(lottery, now, await isStopped(lottery.code)),
    });
  });

  route(app, DrawApi.nextIssueOpenData, async (request) => {
    const lottery = lotteryOrThrow(request.query.lotteryCode);
    return ok(issueDetail(lottery, ctx.clock.now(), await isStopped(lottery.code)));
  });

  route(app, DrawApi.lotteryOpenData, async (request) => {
    const lottery = lotteryOrThrow(request.query.lotteryCode);
    const [last] = await latestDraws(lottery.code, 1);
    return ok({
      issueDetailData: issueDetail(lottery, ctx.clock.now(), await isStopped(lottery.code)),
      lastResult: last ? resultEntry(lottery, last) : null,
    });
  });

  route(app, DrawApi.openResult, async (request, reply) => {
    const { lotteryCode, dataNum } = request.query;
    const lottery = lotteryOrThrow(lotteryCode);
    const answer = await hotReads.answer(
      `openResult:${lottery.code}:${dataNum}`,
      drawTopic(lottery.code),
      async () => ok((await latestDraws(lottery.code, dataNum)).map((d) => resultEntry(lottery, d))),
      DrawApi.openResult.data,
    );
    // Sent here with its pre-compressed bytes; Fastify takes a returned reply as already answered.
    return answer.send(request, reply) as unknown as string;
  });

  route(app, DrawApi.nowIssue, async (request) => {
    const { lotteryCode, issueNum } = request.query;
    const lottery = lotteryOrThrow(lotteryCode);
    let times = currentIssue(lottery, ctx.clock.now());
    for (let i = 1; i < issueNum; i++) times = issueAfter(lottery, times);
    return ok(times.issue);
  });

  route(app, DrawApi.stockTodayTrend, async (request) => {
    const lottery = lotteryOrThrow(request.query.lotteryCode);
    return ok(await todayTrend(ctx.db, lottery, ctx.clock.now()));
  });

  route(app, DrawApi.stockLastTrend, async (request) => {
    const lottery = lotteryOrThrow(request.query.lotteryCode);
    return ok(await lastTrend(ctx.db, lottery));
  });

  route(app, DrawApi.stockTrendChart, async (request) => {
    const { lotteryCode, days } = request.query;
    return ok(await trendChart(ctx.db, lotteryOrThrow(lotteryCode), days, ctx.clock.now()));
  });

  route(app, DrawApi.fairnessChain, async (request) => {
    const { lotteryCode, date } = request.query;
    return ok(await fairnessChain(ctx.db, lotteryOrThrow(lotteryCode), date, ctx.clock.now()));
  });

  route(app, DrawApi.fairnessIssue, async (request) => {
    const { lotteryCode, issue } = request.query;
    return ok(await fairnessIssue(ctx.db, lotteryOrThrow(lotteryCode), issue));
  });
}
