import { z } from 'zod';
import { betLine, betListQuery, MAX_BASKET_LINES, MAX_MULTIPLIER } from './betting';
import { Messages } from './codes';
import { endpoint } from './endpoint';
import { ChasePaths } from './paths';

/**
 * Chase API (追号, spec/betting.md §3 chase payload, §5 chase rules, §7 calls). A chase is one
 * basket bet on consecutive issues: every issue's order is priced and debited (307) when the chase
 * is placed, becomes a normal bet when its issue opens for sale, and the orders left when the chase
 * stops (中奖即停 after a win, or the player's cancel) are refunded (203). Design: docs/chase.md.
 */

export const MAX_CHASE_COUNT = 50;

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** One issue of a chase (eachOrder): its multiplier and amount, both recomputed by the server. */
export const chaseOrder = z.object({
  bettingIssue: z.string().min(1, Messages.issueWrong).max(20),
  graduationCount: z.coerce
    .number({ error: '倍数有误' })
    .int('倍数有误')
    .min(1, '倍数有误')
    .max(MAX_MULTIPLIER, Messages.multiplierMax(MAX_MULTIPLIER)),
  bettingAmount: z.union([z.string(), z.number()]).transform((v) => String(v)),
});
export type ChaseOrder = z.infer<typeof chaseOrder>;

/** A basket line of the chase at multiplier 1 (eachInfo): a bet line whose issue is the order's. */
export const chaseLine = betLine.extend({ bettingIssue: z.string().max(20).optional() });

/** chaseBettingData, as JSON text (spec §3 chase payload). */
export const chaseBettingData = z.object({
  lotteryCode: z.string().regex(/^\d{4}$/, Messages.lotteryMissing),
  startIssue: z.string().min(1, Messages.issueWrong).max(20),
  chaseCount: z.coerce
    .number()
    .int('追号期数有误')
    .min(1, '追号期数有误')
    .max(MAX_CHASE_COUNT, Messages.chaseIssuesMax(MAX_CHASE_COUNT)),
  /** 中奖即停: stop after a winning issue and refund the rest (default on). */
  isStopAfterWinning: flag.default(true),
  /** 中奖循环: keep chasing after a win; excludes 中奖即停. */
  autoBuyIfStopAfterWinning: flag.default(false),
  playDetailCode: z.string().optional(),
  bettingPoint: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .optional(),
  bettingUnit: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .optional(),
  /** The whole chase's amount; must equal the sum the server computes. */
  bettingAllAmount: z.union([z.string(), z.number()]).transform((v) => String(v)),
  eachInfo: z.array(chaseLine).min(1, Messages.noSelection).max(MAX_BASKET_LINES, Messages.basketFull),
  eachOrder: z
    .array(chaseOrder)
    .min(1, '追号期数有误')
    .max(MAX_CHASE_COUNT, Messages.chaseIssuesMax(MAX_CHASE_COUNT)),
});
export type ChaseBettingData = z.input<typeof chaseBettingData>;

/** POST betting/addChaseBetting (form). */
export const addChaseBettingRequest = z.object({
  chaseBettingData: z.string().min(2, Messages.noSelection).max(400_000),
  /** Same key = same chase: a retried request returns the first result and pays once. */
  idempotencyKey: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'idempotencyKey须为8-64位字母、数字、-或_')
    .optional(),
});

export const addChaseBettingData = z.object({
  chaseId: z.string(),
  recordCode: z.string(),
  lotteryCode: z.string(),
  startIssue: z.string(),
  chaseCount: z.number().int(),
  betMoney: z.string(),
  balance: z.string(),
  replayed: z.boolean(),
});
export type AddChaseBettingData = z.infer<typeof addChaseBettingData>;

/** Data of the 最多可追号 refusal: how many issues can still be chased from startIssue. */
export const chaseMaxData = z.object({ maxChaseCount: z.number().int() });

/** POST betting/cancelAutoChaseBetting (form): stop a chase; its orders not yet closed are refunded (203). */
export const cancelChaseRequest = z.object({ chaseId: z.coerce.number().int().positive('追号单不存在') });
export const cancelChaseData = z.object({
  /** Orders refunded by this cancel. */
  cancelled: z.number().int(),
  refund: z.string(),
  balance: z.string(),
});

/** 0 未开始, 1 进行中, 2 已完成, 3 已撤单. */
export const CHASE_STATES = { 0: '未开始', 1: '进行中', 2: '已完成', 3: '已撤单' } as const;
export type ChaseStateCode = keyof typeof CHASE_STATES;

/**
 * GET betting/getChaseBetting, getChaseBetData: the bet records' query (period, lotteryCode, page);
 * its `state` is the chase's (0 未开始, 1 进行中, 2 已完成, 3 已撤单; absent = all).
 */
export const chaseListQuery = betListQuery;
export type ChaseListQuery = z.infer<typeof chaseListQuery>;

/** One chase in the list (spec §3 chase record entry: state, issue). */
export const chaseRecordEntry = z.object({
  id: z.string(),
  recordCode: z.string(),
  lotteryCode: z.string(),
  lotteryName: z.string(),
  /** The first issue of the chase. */
  issue: z.string(),
  chaseCount: z.number().int(),
  /** Issues drawn and settled so far. */
  doneCount: z.number().int(),
  betMoney: z.string(),
  winMoney: z.string(),
  refundMoney: z.string(),
  state: z.number().int(),
  stateName: z.string(),
  isStopAfterWinning: z.boolean(),
  gmtCreated: z.number(),
  canCancel: z.boolean(),
});
export type ChaseRecordEntry = z.infer<typeof chaseRecordEntry>;

export const chaseListData = z.object({
  rows: z.array(chaseRecordEntry),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ChaseListData = z.infer<typeof chaseListData>;

/** GET betting/getChaseBetData: totals of the period's chases. */
export const chaseSummaryData = z.object({
  chaseCount: z.number().int(),
  betMoney: z.string(),
  winMoney: z.string(),
  refundMoney: z.string(),
});
export type ChaseSummaryData = z.infer<typeof chaseSummaryData>;

/** GET betting/getChaseDetail?id=: the chase, its lines and every issue's order. */
export const chaseDetailQuery = z.object({ id: z.coerce.number().int().positive('追号单不存在') });
export const chaseDetailData = chaseRecordEntry.extend({
  isAutoBuy: z.boolean(),
  /** Why the chase ended early: 'win' (中奖即停), 'cancel' (the player), or null. */
  stopReason: z.enum(['win', 'cancel']).nullable(),
  lines: z.array(
    z.object({
      playDetailCode: z.string(),
      playName: z.string(),
      betNum: z.string(),
      bettingCount: z.number().int(),
      bettingUnit: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      /** The bet of this issue (a normal bet: /bettingRecord/{orderId}). */
      orderId: z.string(),
      issue: z.string(),
      graduationCount: z.number().int(),
      betMoney: z.string(),
      bonus: z.string(),
      /** Bet state: 0 等待开奖, 1 已中奖, 2 未中奖, 3 已撤单. */
      state: z.number().int(),
      stateName: z.string(),
      openNum: z.string(),
    }),
  ),
});
export type ChaseDetailData = z.infer<typeof chaseDetailData>;

export { ChasePaths };

export const ChaseApi = {
  addChaseBetting: endpoint({
    method: 'POST',
    path: ChasePaths.addChaseBetting,
    summary: 'Chase a basket over consecutive issues; every order debited (307) at once',
    request: addChaseBettingRequest,
    data: addChaseBettingData,
    login: true,
  }),
  cancelAutoChaseBetting: endpoint({
    method: 'POST',
    path: ChasePaths.cancelAutoChaseBetting,
    summary: 'Stop a chase: orders of issues not yet closed are cancelled and refunded (203)',
    request: cancelChaseRequest,
    data: cancelChaseData,
    login: true,
  }),
  getChaseBetting: endpoint({
    method: 'GET',
    path: ChasePaths.getChaseBetting,
    summary: 'Chase records of a period, newest first',
    request: chaseListQuery,
    data: chaseListData,
    login: true,
  }),
  getChaseBetData: endpoint({
    method: 'GET',
    path: ChasePaths.getChaseBetData,
    summary: 'Chase totals of a period',
    request: chaseListQuery,
    data: chaseSummaryData,
    login: true,
  }),
  getChaseDetail: endpoint({
    method: 'GET',
    path: ChasePaths.getChaseDetail,
    summary: 'One chase with its lines and orders (追号详情)',
    request: chaseDetailQuery,
    data: chaseDetailData,
    login: true,
  }),
};
