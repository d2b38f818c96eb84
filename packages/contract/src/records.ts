import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Account records read from bets and the ledger (spec/platform.md §2 /settlementToday and
 * /waterDetail). The spec names no call for either screen; these are ours (docs/records.md).
 * Everything is the calling player's own data; money fields are decimal strings.
 */

/**
 * Period dropdown of the settlement and rebate reports: the record screens' today / yesterday /
 * seven days, plus last week, this month and last month (spec/platform.md §2, "settlement reports").
 * Beijing time; a week starts on Monday.
 */
export const REPORT_PERIODS = [
  'today',
  'yesterday',
  'sevenDays',
  'lastWeek',
  'thisMonth',
  'lastMonth',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  today: '今天',
  yesterday: '昨天',
  sevenDays: '七天',
  lastWeek: '上周',
  thisMonth: '本月',
  lastMonth: '上月',
};

/** Ledger codes of 返水明细: agent rebate, bet (self) rebate, table-game rebate. */
export const WATER_TYPES = { 204: '代理返点', 501: '投注返水', 502: '棋牌返水' } as const;
export type WaterTypeCode = keyof typeof WATER_TYPES;
export const WATER_TYPE_CODES = [204, 501, 502] as const;

const pageParams = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};

export const settlementQuery = z.object({ period: z.enum(REPORT_PERIODS).default('today') });
export type SettlementQuery = z.infer<typeof settlementQuery>;

/** Settled bets of the period and their money: one lottery, or the total. */
export const settlementFigures = z.object({
  betCount: z.number().int(),
  /** Stakes of the settled bets. */
  betMoney: z.string(),
  /** Winnings paid on them (205). */
  winMoney: z.string(),
  /** The player's own bet rebate (501). */
  rebateMoney: z.string(),
  /** winMoney + rebateMoney - betMoney. */
  profit: z.string(),
});
export type SettlementFigures = z.infer<typeof settlementFigures>;

export const settlementSummaryData = z.object({
  period: z.enum(REPORT_PERIODS),
  fromMs: z.number(),
  toMs: z.number(),
  total: settlementFigures,
  lotteries: z.array(settlementFigures.extend({ lotteryCode: z.string(), lotteryName: z.string() })),
});
export type SettlementSummaryData = z.infer<typeof settlementSummaryData>;

export const settledBetsQuery = settlementQuery.extend(pageParams);
export type SettledBetsQuery = z.infer<typeof settledBetsQuery>;

/** One settled bet (已中奖 or 未中奖). */
export const settledBet = z.object({
  id: z.string(),
  recordCode: z.string(),
  lotteryCode: z.string(),
  lotteryName: z.string(),
  issue: z.string(),
  betMoney: z.string(),
  winMoney: z.string(),
  /** 1 已中奖, 2 未中奖. */
  state: z.number().int(),
  stateName: z.string(),
  openNum: z.string(),
  settledAt: z.number(),
});
export type SettledBet = z.infer<typeof settledBet>;

export const settledBetsData = z.object({
  rows: z.array(settledBet),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type SettledBetsData = z.infer<typeof settledBetsData>;

export const waterDetailQuery = settlementQuery.extend({
  ...pageParams,
  /** 204, 501 or 502; absent or 0 = all three. */
  type: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (WATER_TYPE_CODES as readonly number[]).includes(v), '返水类型有误')
    .default(0),
});
export type WaterDetailQuery = z.infer<typeof waterDetailQuery>;

/** One rebate credit of the ledger. */
export const waterRecord = z.object({
  id: z.string(),
  typeCode: z.number().int(),
  typeName: z.string(),
  amount: z.string(),
  /** The lottery and issue the rebate was paid for, when the entry names one. */
  lotteryName: z.string().nullable(),
  issue: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.number(),
});
export type WaterRecord = z.infer<typeof waterRecord>;

export const waterDetailData = z.object({
  rows: z.array(waterRecord),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** The period's sum of every type (whatever the type filter), and per type. */
  totalAmount: z.string(),
  types: z.array(
    z.object({
      typeCode: z.number().int(),
      typeName: z.string(),
      count: z.number().int(),
      amount: z.string(),
    }),
  ),
});
export type WaterDetailData = z.infer<typeof waterDetailData>;

export const RecordsPaths = {
  settlementToday: 'records/settlementToday',
  settledBets: 'records/settledBets',
  waterDetail: 'records/waterDetail',
} as const;

export const RecordsApi = {
  settlementToday: endpoint({
    method: 'GET',
    path: RecordsPaths.settlementToday,
    summary:
      '今日已结: settled bets of the period per lottery and in total (stake, winnings, 501 rebate, profit)',
    request: settlementQuery,
    data: settlementSummaryData,
    login: true,
  }),
  settledBets: endpoint({
    method: 'GET',
    path: RecordsPaths.settledBets,
    summary: '今日已结: the settled bets of the period, newest settlement first',
    request: settledBetsQuery,
    data: settledBetsData,
    login: true,
  }),
  waterDetail: endpoint({
    method: 'GET',
    path: RecordsPaths.waterDetail,
    summary:
      '返水明细: ledger rebate credits (204, 501, 502) of the period, newest first, with totals per type',
    request: waterDetailQuery,
    data: waterDetailData,
    login: true,
  }),
};
