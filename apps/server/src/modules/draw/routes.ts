import { Codes } from '@lottery/contract/codes';
import {
  fairnessChainQuery,
  fairnessIssueQuery,
  longDragonQuery,
  lotteryCodeQuery,
  nowIssueQuery,
  openResultQuery,
  trendChartQuery,
} from '@lottery/contract/draw';
import { ok } from '@lottery/contract/envelope';
import { longDragonItems } from '@lottery/rules/dragon';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, dayPlan, issueAfter, lhcMonthPlan } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../errors';
import { parse } from '../../plugins/envelope';
import { allLotteryData, tenantLotteries } from '../lottery/index';
import { drawTopic, TENANT_TOPIC } from '../site/index';
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

/** Families whose two-face plays make long-dragon streaks. */
const DRAGON_FAMILIES = new Set(['PK10', 'SSC', 'BJ28', 'STOCK']);
const DRAGON_HISTORY = 30;

/** Plans, open times, results, long dragon, stock trends and fairness. Shapes: docs/betting.md. */
export default async function drawRoutes(app: FastifyInstance): Promise<void> {
  const { ctx, hotReads } = app;

  // Read from memory (site/hot-reads.ts): the catalogue until it changes, draws until the next one.
  const isStopped = async (code: string) =>
    (await tenantLotteries(app)).find((l) => l.code === code)?.isStop ?? true;
  const latestDraws = (code: string, count: number) =>
    hotReads.cache.get(`draws:${code}:${count}`, drawTopic(code), () => recentDraws(ctx.db, code, count));

  app.get('/management/content/getStockLotteryDataFront', async (request, reply) =>
    (
      await hotReads.answer('stockLotteryData', TENANT_TOPIC, async () =>
        ok(allLotteryData((await tenantLotteries(app)).filter((r) => r.family === 'STOCK'))),
      )
    ).send(request, reply),
  );

  app.get('/betting/getLotteryPlan', async (request) => {
    const lottery = lotteryOrThrow(parse(lotteryCodeQuery, request.query).lotteryCode);
    return ok(dayPlan(lottery, ctx.clock.now()));
  });

  app.get('/lottery/openTime', async (request) => {
    const lottery = lotteryOrThrow(parse(lotteryCodeQuery, request.query).lotteryCode);
    return ok(issueDetail(lottery, ctx.clock.now(), await isStopped(lottery.code)));
  });

  app.get('/lottery/6hc/openTime', async (request) => {
    const { lotteryCode } = parse(z.object({ lotteryCode: z.string().default('1301') }), request.query);
    const lottery = lotteryOrThrow(lotteryCode);
    if (lottery.schedule.kind !== 'lhc') throw DomainError.of(Codes.INVALID_PARAM, '该彩种不是六合彩');
    const now = ctx.clock.now();
    return ok({
      ...lhcMonthPlan(lottery, now),
      issueDetailData: issueDetail(lottery, now, await isStopped(lottery.code)),
    });
  });

  app.get('/betting/nextIssueOpenData', async (request) => {
    const lottery = lotteryOrThrow(parse(lotteryCodeQuery, request.query).lotteryCode);
    return ok(issueDetail(lottery, ctx.clock.now(), await isStopped(lottery.code)));
  });

  app.get('/betting/lotteryOpenData', async (request) => {
    const lottery = lotteryOrThrow(parse(lotteryCodeQuery, request.query).lotteryCode);
    const [last] = await latestDraws(lottery.code, 1);
    return ok({
      issueDetailData: issueDetail(lottery, ctx.clock.now(), await isStopped(lottery.code)),
      lastResult: last ? resultEntry(lottery, last) : null,
    });
  });

  app.get('/lottery/openResult', async (request, reply) => {
    const { lotteryCode, dataNum } = parse(openResultQuery, request.query);
    const lottery = lotteryOrThrow(lotteryCode);
    const answer = await hotReads.answer(
      `openResult:${lottery.code}:${dataNum}`,
      drawTopic(lottery.code),
      async () => ok((await latestDraws(lottery.code, dataNum)).map((d) => resultEntry(lottery, d))),
    );
    return answer.send(request, reply);
  });

  app.get('/lottery/longDragon', async (request) => {
    const { type } = parse(longDragonQuery, request.query);
    if (type !== 1) return ok([]);
    const now = ctx.clock.now();
    const items = [];
    for (const row of await tenantLotteries(app)) {
      const lottery = lotteryByCode(row.code);
      if (!lottery || row.isStop || !lottery.houseDrawn || !DRAGON_FAMILIES.has(lottery.family)) continue;
      const history = await latestDraws(lottery.code, DRAGON_HISTORY);
      items.push(...longDragonItems(lottery, history, now));
    }
    return ok(items.sort((a, b) => b.times - a.times));
  });

  app.get('/chat/getNowIssue', async (request) => {
    const { lotteryCode, issueNum } = parse(nowIssueQuery, request.query);
    const lottery = lotteryOrThrow(lotteryCode);
    let times = currentIssue(lottery, ctx.clock.now());
    for (let i = 1; i < issueNum; i++) times = issueAfter(lottery, times);
    return ok(times.issue);
  });

  app.get('/stock/todayTrendData', async (request) => {
    const lottery = lotteryOrThrow(parse(lotteryCodeQuery, request.query).lotteryCode);
    return ok(await todayTrend(ctx.db, lottery, ctx.clock.now()));
  });

  app.get('/lottery/stockLastTrendData', async (request) => {
    const lottery = lotteryOrThrow(parse(lotteryCodeQuery, request.query).lotteryCode);
    return ok(await lastTrend(ctx.db, lottery));
  });

  app.get('/stock/trendChart', async (request) => {
    const { lotteryCode, days } = parse(trendChartQuery, request.query);
    return ok(await trendChart(ctx.db, lotteryOrThrow(lotteryCode), days, ctx.clock.now()));
  });

  app.get('/fairness/chain', async (request) => {
    const { lotteryCode, date } = parse(fairnessChainQuery, request.query);
    return ok(await fairnessChain(ctx.db, lotteryOrThrow(lotteryCode), date, ctx.clock.now()));
  });

  app.get('/fairness/issue', async (request) => {
    const { lotteryCode, issue } = parse(fairnessIssueQuery, request.query);
    return ok(await fairnessIssue(ctx.db, lotteryOrThrow(lotteryCode), issue));
  });
}
