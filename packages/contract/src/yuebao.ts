import { z } from 'zod';
import { endpoint } from './endpoint';
import { Amount } from './fields';
import { bigserialId, serialId } from './ids';
import { PERIODS } from './wallet';

/**
 * Yuebao (余额宝) savings and pledge (质押) products: spec/platform.md §7 balance/*Yuebao*,
 * virtualWallet/*, activity/getYuebaoActivityList; codes -3, -110002..-110005 (§8). The spec shows
 * no fields: these are ours, described in docs/yuebao.md. Money on the wire is a decimal yuan
 * string formatted from bigint minor units; rates are percent strings ("3.65" = 3.65 % a year);
 * times are epoch milliseconds; days are Beijing dates "YYYY-MM-DD".
 */

export const YuebaoMessages = {
  transferredIn: '转入成功',
  transferredOut: '转出成功',
  pledged: '质押成功',
  cancelled: '取消成功',
  autoRenewSaved: '设置成功',
  zeroAmount: '提交金额不符，金额须大于0',
  belowMinIn: (min: string) => `提交金额不符，单笔最低转入${min}元`,
  aboveMaxIn: (max: string) => `提交金额不符，单笔最高转入${max}元`,
  aboveMaxBalance: (room: string) => `提交金额不符，余额宝最多还可转入${room}元`,
  aboveSavings: (balance: string) => `提交金额不符，余额宝可转出余额为${balance}元`,
  belowPledgeMin: (min: string) => `提交金额不符，该产品最低质押${min}元`,
  abovePledgeMax: (max: string) => `提交金额不符，该产品最高质押${max}元`,
  requestReused: '提交金额不符，请勿重复提交',
  productUnavailable: '该质押产品暂不可用',
  orderNotHolding: '该仓单已到期或已取消',
} as const;

/** Pledge order states (yuebao_pledge_order.state). */
export const PLEDGE_STATES = { holding: 1, matured: 2, cancelled: 3, renewed: 4 } as const;
export const PLEDGE_STATE_NAMES: Record<number, string> = {
  1: '质押中',
  2: '已到期',
  3: '已取消',
  4: '已续期',
};

const money = z.string();
/** An order id: an int8 row (ids.ts). */
const id = bigserialId();
/** Encrypted safety password (docs/wallet.md "Safety password on the wire"). */
const safetyPassword = z.string().min(20, '请输入安全密码').max(512);
/** The client's key of one submit: a retry with the same key is applied once. */
const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号格式不正确')
  .optional();
const flag = z
  .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)])
  .transform((v) => Number(v));
const page = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
/** The logs' period dropdown: 今天, 昨天, 七天 and 三十天. */
export const YUEBAO_PERIODS = [...PERIODS, 'thirtyDays'] as const;
export type YuebaoPeriod = (typeof YUEBAO_PERIODS)[number];
export const YUEBAO_PERIOD_LABELS: Record<YuebaoPeriod, string> = {
  today: '今天',
  yesterday: '昨天',
  sevenDays: '七天',
  thirtyDays: '三十天',
};

export const TransferRequest = z.object({ amount: Amount, safetyPassword, requestId });
export type TransferReq = z.infer<typeof TransferRequest>;

export const TransferData = z.object({
  amount: money,
  /** yuebao balance after */
  yuebaoBalance: money,
  /** wallet balance after */
  balance: money,
  /** true when this request id had been applied before and nothing changed now */
  replayed: z.boolean(),
});
export type TransferData = z.infer<typeof TransferData>;

export const YuebaoInfo = z.object({
  /** money in yuebao (earning) */
  yuebaoBalance: money,
  /** spendable wallet balance, for the transfer-in sheet */
  balance: money,
  /** money locked in holding pledge orders */
  pledgeAmount: money,
  /** interest of yesterday (Beijing), 0.00 before it accrued */
  yesterdayInterest: money,
  totalInterest: money,
  /** profit ever received from pledges */
  totalPledgeProfit: money,
  /** base annual rate, percent */
  annualRate: z.string(),
  /** the best rate an activity gives today (percent), null without one */
  activityRate: z.string().nullable(),
  /** yuan earned by 10000 yuan held a full day at the base rate (万份收益) */
  per10kDaily: money,
  minTransferIn: money,
  maxTransferIn: money,
  maxYuebaoBalance: money,
  /** the last day that has accrued ("YYYY-MM-DD"), null before the first */
  lastAccruedDay: z.string().nullable(),
});
export type YuebaoInfo = z.infer<typeof YuebaoInfo>;

export const YuebaoLogQuery = z.object({
  period: z.enum(YUEBAO_PERIODS).default('sevenDays'),
  ...page,
});
export type YuebaoLogQueryReq = z.infer<typeof YuebaoLogQuery>;

/** A move of the savings account: transfer in (306), transfer out (110) or interest (216). */
export const YuebaoTranLog = z.object({
  id: z.string(),
  typeCode: z.number().int(),
  typeName: z.string(),
  /** signed, seen from yuebao: + in and interest, - out */
  amount: money,
  yuebaoBalanceAfter: money,
  createdAt: z.number(),
});
export const YuebaoTranLogs = z.object({
  rows: z.array(YuebaoTranLog),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type YuebaoTranLogs = z.infer<typeof YuebaoTranLogs>;

/** One accrued day of the saver. */
export const YuebaoBalanceLog = z.object({
  day: z.string(),
  /** the money held all day that earned */
  principal: money,
  annualRate: z.string(),
  interest: money,
  createdAt: z.number(),
});
export const YuebaoBalanceLogs = z.object({
  rows: z.array(YuebaoBalanceLog),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** interest of the whole filtered period */
  periodInterest: money,
});
export type YuebaoBalanceLogs = z.infer<typeof YuebaoBalanceLogs>;

export const PledgeProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  termDays: z.number().int(),
  annualRate: z.string(),
  minAmount: money,
  maxAmount: money,
  /** holding orders of this product one player may have */
  maxOrders: z.number().int(),
  /** holding orders the player has now */
  myOrders: z.number().int(),
  /** percent of the principal kept on an early cancel */
  penaltyRate: z.string(),
});
export type PledgeProduct = z.infer<typeof PledgeProduct>;
export const PledgeProducts = z.array(PledgeProduct);

export const PledgeOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  amount: money,
  annualRate: z.string(),
  termDays: z.number().int(),
  /** profit paid at maturity */
  profit: money,
  penaltyRate: z.string(),
  /** penalty kept on a cancel (null unless cancelled) */
  penalty: money.nullable(),
  autoRenew: z.union([z.literal(0), z.literal(1)]),
  state: z.number().int(),
  stateName: z.string(),
  startedAt: z.number(),
  maturesAt: z.number(),
  settledAt: z.number().nullable(),
  renewedFrom: z.number().int().nullable(),
});
export type PledgeOrder = z.infer<typeof PledgeOrder>;

export const PledgeOrderListQuery = z.object({
  /** 0 all, else one of PLEDGE_STATES */
  state: z.coerce.number().int().min(0).max(4).default(0),
  ...page,
});
export const PledgeOrderList = z.object({
  rows: z.array(PledgeOrder),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type PledgeOrderList = z.infer<typeof PledgeOrderList>;

export const CreatePledgeRequest = z.object({
  /** a pledge product is an int4 row (ids.ts); past it: -2 with the unknown product's text */
  productId: serialId(YuebaoMessages.productUnavailable),
  amount: Amount,
  autoRenew: flag.default(0),
  safetyPassword,
  requestId,
});
export type CreatePledgeReq = z.infer<typeof CreatePledgeRequest>;

export const CreatePledgeData = z.object({ order: PledgeOrder, balance: money, replayed: z.boolean() });
export type CreatePledgeData = z.infer<typeof CreatePledgeData>;

export const OrderIdRequest = z.object({ orderId: id });
export const CancelPledgeData = z.object({
  order: PledgeOrder,
  /** principal minus penalty, back in the wallet */
  refund: money,
  penalty: money,
  balance: money,
});
export type CancelPledgeData = z.infer<typeof CancelPledgeData>;

export const AutoRenewRequest = z.object({ orderId: id, autoRenew: flag });

export const ProfitLogQuery = z.object({ orderId: id.optional(), ...page });
export const PledgeProfitLog = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productName: z.string(),
  /** 1 matured (principal returned), 2 renewed (principal locked again) */
  kind: z.number().int(),
  principal: money,
  profit: money,
  annualRate: z.string(),
  termDays: z.number().int(),
  createdAt: z.number(),
});
export const PledgeProfitLogs = z.object({
  rows: z.array(PledgeProfitLog),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalProfit: money,
});
export type PledgeProfitLogs = z.infer<typeof PledgeProfitLogs>;

export const YuebaoActivity = z.object({
  id: z.number().int(),
  title: z.string(),
  annualRate: z.string(),
  minBalance: money,
  startDay: z.string(),
  endDay: z.string(),
  /** 1 when today is inside the period */
  active: z.union([z.literal(0), z.literal(1)]),
});
export const YuebaoActivities = z.array(YuebaoActivity);
export type YuebaoActivity = z.infer<typeof YuebaoActivity>;

export const YuebaoApi = {
  getMyYuebaoInfo: endpoint({
    method: 'GET',
    path: 'balance/getMyYuebaoInfo',
    summary: 'Yuebao balance, yesterday and total interest, rates and limits',
    data: YuebaoInfo,
    login: true,
  }),
  transferIn: endpoint({
    method: 'POST',
    path: 'balance/transferInYuebao',
    summary: 'Move money from the wallet into yuebao (ledger 306); safety password; once per requestId',
    request: TransferRequest,
    data: TransferData,
    login: true,
  }),
  transferOut: endpoint({
    method: 'POST',
    path: 'balance/transferOutYuebao',
    summary: 'Move money from yuebao back to the wallet (ledger 110); safety password; once per requestId',
    request: TransferRequest,
    data: TransferData,
    login: true,
  }),
  getMyYuebaoTranLogs: endpoint({
    method: 'GET',
    path: 'balance/getMyYuebaoTranLogs',
    summary: 'Moves of the yuebao balance (in, out, interest), newest first',
    request: YuebaoLogQuery,
    data: YuebaoTranLogs,
    login: true,
  }),
  getMyYuebaoBalanceLogs: endpoint({
    method: 'GET',
    path: 'virtualWallet/getMyYuebaoBalanceLogs',
    summary: 'Interest per accrued day: principal held all day, rate, interest',
    request: YuebaoLogQuery,
    data: YuebaoBalanceLogs,
    login: true,
  }),
  getPledgeProducts: endpoint({
    method: 'GET',
    path: 'virtualWallet/getPledgeProducts',
    summary: 'Pledge products on offer: term, rate, minimum, maximum, order cap, penalty',
    data: PledgeProducts,
    login: true,
  }),
  getMyYuebaoPledgeOrderList: endpoint({
    method: 'GET',
    path: 'virtualWallet/getMyYuebaoPledgeOrderList',
    summary: "The player's pledge orders, newest first",
    request: PledgeOrderListQuery,
    data: PledgeOrderList,
    login: true,
  }),
  createYuebaoPledgeOrder: endpoint({
    method: 'POST',
    path: 'virtualWallet/createYuebaoPledgeOrder',
    summary: 'Lock an amount of the wallet in a pledge product (ledger 305); safety password encrypted',
    request: CreatePledgeRequest,
    data: CreatePledgeData,
    login: true,
  }),
  cancelYuebaoPledgeOrderWeb: endpoint({
    method: 'POST',
    path: 'virtualWallet/cancelYuebaoPledgeOrderWeb',
    summary: "End a holding order early: principal less the product's penalty back (613), penalty kept (614)",
    request: OrderIdRequest,
    data: CancelPledgeData,
    login: true,
  }),
  setYuebaoPledgeOrderAutoRenewWeb: endpoint({
    method: 'POST',
    path: 'virtualWallet/setYuebaoPledgeOrderAutoRenewWeb',
    summary: 'Switch auto-renew of a holding order',
    request: AutoRenewRequest,
    data: PledgeOrder,
    login: true,
  }),
  getMyYuebaoPledgeOrderProfitLogs: endpoint({
    method: 'GET',
    path: 'virtualWallet/getMyYuebaoPledgeOrderProfitLogs',
    summary: 'Profit paid on matured and renewed orders',
    request: ProfitLogQuery,
    data: PledgeProfitLogs,
    login: true,
  }),
  getYuebaoActivityList: endpoint({
    method: 'GET',
    path: 'activity/getYuebaoActivityList',
    summary: 'Yuebao rate activities: boosted annual rate for savers above a balance, by period',
    data: YuebaoActivities,
    login: true,
  }),
} as const;

/** "3.65" from 36500 parts per million (at least 2 decimals, at most 4). */
export function formatRatePpm(ppm: number): string {
  const text = `${Math.trunc(ppm / 10_000)}.${String(ppm % 10_000).padStart(4, '0')}`;
  return text.replace(/^(\d+\.\d{2}\d*?)0*$/, '$1');
}

/** 36500 from "3.65" (percent, up to 4 decimals); undefined when not such a number. */
export function parseRatePercent(text: string): number | undefined {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) return undefined;
  const ppm = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return ppm <= 1_000_000 ? ppm : undefined;
}
