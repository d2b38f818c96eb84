import { z } from 'zod';
import { endpoint } from './endpoint';
import { DrawPaths } from './paths';
import { allLotteryData } from './site';

/**
 * Draw API: plans, open times, results, long dragon, stock trends and the fairness calls.
 * Documented with examples in docs/betting.md; times are epoch ms unless named *Time text.
 */

const lotteryCode = z.string().regex(/^\d{4}$/, '当前彩种不存在');

export const lotteryCodeQuery = z.object({ lotteryCode });

/** Plan entry (betting.md §3): times of day in Beijing time, date stripped. */
export const planEntry = z.object({ issue: z.string(), startTime: z.string(), endTime: z.string() });
export type PlanEntryData = z.infer<typeof planEntry>;

/** The issue on sale (issueDetailData of nextIssueOpenData / lotteryOpenData, and lottery/openTime). */
export const issueDetail = z.object({
  lotteryCode: z.string(),
  lotteryName: z.string(),
  issue: z.string(),
  /** Sales open (ms). */
  startTime: z.number(),
  /** Sales close (ms): 当前封单 after this. */
  endTime: z.number(),
  /** Draw time (ms). */
  openTime: z.number(),
  serverTime: z.number(),
  /** Whole seconds until sales close. */
  remainTime: z.number().int(),
  /** 预售中: more than the lottery's presale seconds before close. */
  isPresale: z.boolean(),
  /** The issue before (the one drawn next or just drawn). */
  lastIssue: z.string(),
  isStop: z.boolean(),
  closeBeforeDrawSec: z.number().int(),
});
export type IssueDetail = z.infer<typeof issueDetail>;

/** Result entry (betting.md §3). */
export const resultEntry = z.object({
  lotteryCode: z.string(),
  issue: z.string(),
  /** Comma list in draw order. */
  openNumber: z.string(),
  openTime: z.number(),
  open: z.boolean(),
  /** LHC: zodiac of each number, comma list. */
  natal: z.string().optional(),
  /** STOCK: the index value the digits come from. */
  indexValue: z.string().optional(),
});
export type ResultEntry = z.infer<typeof resultEntry>;

export const openResultQuery = z.object({
  lotteryCode,
  dataNum: z.coerce.number().int().min(1).max(100).default(10),
});

export const lotteryOpenData = z.object({ issueDetailData: issueDetail, lastResult: resultEntry.nullable() });
export type LotteryOpenData = z.infer<typeof lotteryOpenData>;

/** lottery/6hc/openTime (betting.md §3 LHC plan) plus the issue on sale. */
export const lhcOpenTime = z.object({
  month: z.number().int(),
  openDay: z.string(),
  nextMonthOpenDay: z.string(),
  currMonthBeforeIssue: z.number().int(),
  openTime: z.string(),
  issueDetailData: issueDetail,
});
export type LhcOpenTime = z.infer<typeof lhcOpenTime>;

export const nowIssueQuery = z.object({
  lotteryCode,
  /** 1 = the issue on sale, 2 = the one after, ... */
  issueNum: z.coerce.number().int().min(1).max(50).default(1),
});

/** Stock trend point: one draw of a stock code. */
export const stockTrendPoint = z.object({
  issue: z.string(),
  indexValue: z.string(),
  openNumber: z.string(),
  openTime: z.number(),
});
export type StockTrendPoint = z.infer<typeof stockTrendPoint>;

export const stockLastTrend = stockTrendPoint.extend({
  /** Change from the draw before, e.g. "-12.34", and in percent with 2 decimals. */
  change: z.string(),
  changeRate: z.string(),
});
export type StockLastTrend = z.infer<typeof stockLastTrend>;

export const trendChartQuery = z.object({
  lotteryCode,
  days: z.coerce.number().int().min(1).max(30).default(7),
});
export const trendChartDay = z.object({
  date: z.string(),
  open: z.string(),
  close: z.string(),
  high: z.string(),
  low: z.string(),
  draws: z.number().int(),
});
export type TrendChartDay = z.infer<typeof trendChartDay>;

/** GET fairness/chain?lotteryCode=&date=YYYY-MM-DD (Beijing business date; default: that of the issue on sale). */
export const fairnessChainQuery = z.object({
  lotteryCode,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式为YYYY-MM-DD')
    .optional(),
});
export const fairnessChain = z.object({
  lotteryCode: z.string(),
  businessDate: z.string(),
  /** s_0, 64 hex. */
  head: z.string(),
  /** Issues the chain covers. */
  length: z.number().int(),
  publishedAt: z.number(),
  firstIssueStartMs: z.number(),
  /** True when the head was public before the chain's first issue opened. */
  publishedBeforeFirstIssue: z.boolean(),
});
export type FairnessChain = z.infer<typeof fairnessChain>;

export const fairnessIssueQuery = z.object({
  lotteryCode,
  issue: z.string().regex(/^\d{4,14}$/, '期号错误'),
});
export const fairnessIssue = z.object({
  lotteryCode: z.string(),
  issue: z.string(),
  numbers: z.array(z.string()),
  businessDate: z.string(),
  /** Position k of the issue in its day's chain. */
  k: z.number().int(),
  /** s_k. */
  secret: z.string(),
  /** s_(k-1): the previous issue's secret, or the head for k = 1. */
  previousSecret: z.string(),
  head: z.string(),
  drawTime: z.number(),
  indexValue: z.string().optional(),
});
export type FairnessIssue = z.infer<typeof fairnessIssue>;

export { DrawPaths };

/** GET lottery/6hc/openTime: any lottery code, the six-mark lottery 1301 when absent. */
export const lhcOpenTimeQuery = z.object({ lotteryCode: z.string().default('1301') });

/**
 * Every draw call (betting.md §7 "Next issue data", "Open time", "Open result", "Long dragon",
 * "Current issue", "Lottery catalogue" (stock part), "Stock", "Lottery plan"; the fairness calls
 * are ours, docs/fairness.md). Shapes are those of betting.md §3 named above each schema.
 */
export const DrawApi = {
  stockLotteryData: endpoint({
    method: 'GET',
    path: DrawPaths.stockLotteryData,
    summary: 'The stock lotteries of the catalogue (lotteryList, lotteryConfig)',
    data: allLotteryData,
  }),
  lotteryPlan: endpoint({
    method: 'GET',
    path: DrawPaths.lotteryPlan,
    summary: "Today's plan of a lottery",
    request: lotteryCodeQuery,
    data: z.array(planEntry),
  }),
  openTime: endpoint({
    method: 'GET',
    path: DrawPaths.openTime,
    summary: 'The issue on sale and its times',
    request: lotteryCodeQuery,
    data: issueDetail,
  }),
  lhcOpenTime: endpoint({
    method: 'GET',
    path: DrawPaths.lhcOpenTime,
    summary: 'Six-mark month plan and the issue on sale',
    request: lhcOpenTimeQuery,
    data: lhcOpenTime,
  }),
  nextIssueOpenData: endpoint({
    method: 'GET',
    path: DrawPaths.nextIssueOpenData,
    summary: 'The issue on sale',
    request: lotteryCodeQuery,
    data: issueDetail,
  }),
  lotteryOpenData: endpoint({
    method: 'GET',
    path: DrawPaths.lotteryOpenData,
    summary: 'The issue on sale and the latest result',
    request: lotteryCodeQuery,
    data: lotteryOpenData,
  }),
  openResult: endpoint({
    method: 'GET',
    path: DrawPaths.openResult,
    summary: 'Latest results, newest first',
    request: openResultQuery,
    data: z.array(resultEntry),
  }),
  nowIssue: endpoint({
    method: 'GET',
    path: DrawPaths.nowIssue,
    summary: 'Issue number on sale (or n-th after)',
    request: nowIssueQuery,
    data: z.string(),
  }),
  stockTodayTrend: endpoint({
    method: 'GET',
    path: DrawPaths.stockTodayTrend,
    summary: "Today's draws of a stock code, oldest first",
    request: lotteryCodeQuery,
    data: z.array(stockTrendPoint),
  }),
  stockLastTrend: endpoint({
    method: 'GET',
    path: DrawPaths.stockLastTrend,
    summary: 'Latest stock draw and its change (null before the first draw)',
    request: lotteryCodeQuery,
    data: stockLastTrend.nullable(),
  }),
  stockTrendChart: endpoint({
    method: 'GET',
    path: DrawPaths.stockTrendChart,
    summary: 'Daily candles of a stock code',
    request: trendChartQuery,
    data: z.array(trendChartDay),
  }),
  fairnessChain: endpoint({
    method: 'GET',
    path: DrawPaths.fairnessChain,
    summary: "A day's chain head (s_0)",
    request: fairnessChainQuery,
    data: fairnessChain,
  }),
  fairnessIssue: endpoint({
    method: 'GET',
    path: DrawPaths.fairnessIssue,
    summary: "An issue's revealed secret, previous secret and numbers",
    request: fairnessIssueQuery,
    data: fairnessIssue,
  }),
};
