import { z } from 'zod';
import { Messages } from './codes';
import { endpoint } from './endpoint';
import { BettingPaths } from './paths';

/**
 * Betting API (base /v1/betting): add bet, cancel, records, rebates. Documented with examples in
 * docs/betting.md. Money in replies: decimal strings formatted from bigint minor units.
 */

export const MAX_BASKET_LINES = 20;
export const MAX_MULTIPLIER = 10_000;

/** A bet line as sent (spec/betting.md §3); display-only extras are ignored if present. */
export const betLine = z.object({
  lotteryCode: z.string().regex(/^\d{4}$/, Messages.lotteryMissing),
  playDetailCode: z.string().regex(/^\d{4}[A-Z]\d{2}$/, '玩法不存在'),
  bettingNumber: z.string().min(1, Messages.noSelection).max(4000),
  bettingCount: z.coerce.number().int().min(1, Messages.noSelection),
  /** Decimal yuan, e.g. "2" or "0.02"; must equal what the server recomputes. */
  bettingAmount: z.union([z.string(), z.number()]).transform((v) => String(v)),
  /**
   * The part of the player's rebate taken as an immediate rebate, percent: "0", "2.5", or the
   * footer form "<odds>-<rebate>" (the part after the first hyphen is used; a non-zero part
   * before it must be the play's current odds).
   */
  bettingPoint: z.union([z.string(), z.number()]).transform((v) => String(v)),
  bettingUnit: z.union([z.string(), z.number()]).transform((v) => String(v)),
  bettingIssue: z.string().min(1, Messages.issueWrong).max(20),
  graduationCount: z.coerce.number({ error: '倍数有误' }).int('倍数有误'),
  compress: z.unknown().optional(),
});
export type BetLine = z.infer<typeof betLine>;

/** POST betting/addBetting (form): bettingData = JSON text of BetLine[]; idempotencyKey optional. */
export const addBettingRequest = z.object({
  bettingData: z.string().min(2, Messages.noSelection).max(200_000),
  /** Same key = same bet: a retried request returns the first result and pays once. */
  idempotencyKey: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'idempotencyKey须为8-64位字母、数字、-或_')
    .optional(),
});

export const addBettingData = z.object({
  orderId: z.string(),
  recordCode: z.string(),
  lotteryCode: z.string(),
  issue: z.string(),
  betMoney: z.string(),
  lines: z.number().int(),
  notes: z.number().int(),
  balance: z.string(),
  /** True when this reply repeats an earlier identical request (nothing was charged again). */
  replayed: z.boolean(),
});
export type AddBettingData = z.infer<typeof addBettingData>;

/** POST betting/cancelBetting (form). */
export const cancelBettingRequest = z.object({ orderId: z.coerce.number().int().positive('注单不存在') });

export const BET_STATES = { 0: '等待开奖', 1: '已中奖', 2: '未中奖', 3: '已撤单' } as const;
export type BetStateCode = keyof typeof BET_STATES;

export const RECORD_PERIODS = ['today', 'yesterday', 'sevenDays'] as const;

/** GET betting/getBetting, getBetData. */
export const betListQuery = z.object({
  period: z.enum(RECORD_PERIODS).default('today'),
  lotteryCode: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  /** 0 pending, 1 won, 2 lost, 3 cancelled; absent = all. */
  state: z.coerce.number().int().min(0).max(3).optional(),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type BetListQuery = z.infer<typeof betListQuery>;

/** One row of the bet list (spec §3 bet record / my-bets row). */
export const betRecordEntry = z.object({
  id: z.string(),
  recordCode: z.string(),
  lotteryCode: z.string(),
  lotteryName: z.string(),
  issue: z.string(),
  bettingAmount: z.string(),
  /** Bonus as a decimal string once settled; 等待开奖 pending; 已撤单 cancelled; "0.00" lost. */
  returnAmount: z.string(),
  state: z.number().int(),
  stateName: z.string(),
  openNum: z.string(),
  gmtCreated: z.number(),
  canCancel: z.boolean(),
});
export type BetRecordEntry = z.infer<typeof betRecordEntry>;

export const betListData = z.object({
  rows: z.array(betRecordEntry),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type BetListData = z.infer<typeof betListData>;

/** GET betting/getBetData: totals of the period. */
export const betSummaryData = z.object({
  betCount: z.number().int(),
  betMoney: z.string(),
  bonus: z.string(),
  profit: z.string(),
  pendingMoney: z.string(),
});
export type BetSummaryData = z.infer<typeof betSummaryData>;

/** GET betting/getBetDetail?id= (spec §3 bet detail). */
export const betDetailData = z.object({
  id: z.string(),
  lotteryCode: z.string(),
  lotteryName: z.string(),
  issue: z.string(),
  state: z.number().int(),
  stateName: z.string(),
  gmtCreated: z.number(),
  recordCode: z.string(),
  betMoney: z.string(),
  bonus: z.string(),
  openNum: z.string(),
  canCancel: z.boolean(),
  betInfoList: z.array(
    z.object({
      playDetailCode: z.string(),
      playName: z.string(),
      betNum: z.string(),
      bettingCount: z.number().int(),
      bettingUnit: z.string(),
      graduationCount: z.number().int(),
      betMoney: z.string(),
      bonus: z.string(),
      state: z.number().int(),
    }),
  ),
});
export type BetDetailData = z.infer<typeof betDetailData>;

/** GET betting/getBetRebate?lotteryType= */
export const betRebateQuery = z.object({ lotteryType: z.coerce.number().int().min(1).max(16) });

export const oddsEntry = z.object({
  /** Family plus mode code, e.g. K3A10. */
  playCode: z.string(),
  tier: z.string(),
  tierName: z.string(),
  /** Per 2-yuan note (number plays) or per 1 yuan (credit plays), 3 decimals at least. */
  bonus: z.string(),
  credit: z.boolean(),
});
export const rebateData = z.object({
  lotteryType: z.number().int(),
  /** The player's rebate point, percent ("7.5"). */
  rebate: z.string(),
  /** Prize group at that rebate (bettingPoint 0). */
  group: z.number().int(),
  odds: z.array(oddsEntry),
});
export type RebateData = z.infer<typeof rebateData>;

/** GET betting/getAllBetRebate */
export const allRebateData = z.object({
  rebate: z.string(),
  rebateupdatedAt: z.number(),
  allRebateData: z.record(z.string(), rebateData),
});
export type AllRebateData = z.infer<typeof allRebateData>;

export { BettingPaths };

/** GET betting/getBetDetail?id= */
export const betDetailQuery = z.object({ id: z.coerce.number().int().positive('注单不存在') });

/** POST betting/cancelBetting: the balance after the refund (202). */
export const cancelBettingData = z.object({ balance: z.string() });

/** Every betting call (betting.md §7 "Add bet", "Cancel bet", "Bet list", "Bet data", "Bet detail", "Rebate"). */
export const BettingApi = {
  addBetting: endpoint({
    method: 'POST',
    path: BettingPaths.addBetting,
    summary: 'Place a bet: basket lines on the issue on sale; debits the ledger (302)',
    request: addBettingRequest,
    data: addBettingData,
    login: true,
  }),
  cancelBetting: endpoint({
    method: 'POST',
    path: BettingPaths.cancelBetting,
    summary: 'Cancel an own bet before its issue closes; refund 202',
    request: cancelBettingRequest,
    data: cancelBettingData,
    login: true,
  }),
  getBetting: endpoint({
    method: 'GET',
    path: BettingPaths.getBetting,
    summary: 'Bet records of a period, newest first',
    request: betListQuery,
    data: betListData,
    login: true,
  }),
  getBetData: endpoint({
    method: 'GET',
    path: BettingPaths.getBetData,
    summary: 'Bet totals of a period',
    request: betListQuery,
    data: betSummaryData,
    login: true,
  }),
  getBetDetail: endpoint({
    method: 'GET',
    path: BettingPaths.getBetDetail,
    summary: 'One bet with its lines (注单详情)',
    request: betDetailQuery,
    data: betDetailData,
    login: true,
  }),
  getBetRebate: endpoint({
    method: 'GET',
    path: BettingPaths.getBetRebate,
    summary: "The player's rebate and odds for one lottery type",
    request: betRebateQuery,
    data: rebateData,
    login: true,
  }),
  getAllBetRebate: endpoint({
    method: 'GET',
    path: BettingPaths.getAllBetRebate,
    summary: "The player's rebate and odds for every lottery type",
    data: allRebateData,
    login: true,
  }),
};
