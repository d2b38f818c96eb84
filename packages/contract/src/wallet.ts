import { z } from 'zod';
import { endpoint } from './endpoint';
import { Amount } from './fields';

/**
 * Ledger transaction type codes (spec/platform.md §3). The spec gives the groups and the order of
 * the meanings inside a group but not every number; the numbering below is ours and documented in
 * docs/wallet.md. Labels are what the records screen shows.
 */
export const TRANSACTION_TYPES = {
  // 101-115 deposits by channel
  101: '网银转账',
  102: '银行卡转账',
  103: '支付宝充值',
  104: '微信充值',
  105: 'QQ钱包充值',
  106: '第四方充值',
  107: '银联充值',
  108: '云闪付充值',
  109: '京东钱包充值',
  110: '余额宝转出',
  111: '数字货币充值',
  112: '免提直充',
  113: '数字人民币充值',
  114: '抖音支付充值',
  115: '其他充值',
  // 201-222 credits
  201: '提现退回',
  202: '撤单返款',
  203: '追号停止返款',
  204: '代理返点',
  205: '派奖',
  206: '每日加奖',
  207: '活动奖励',
  208: '充值优惠',
  209: '派奖补发',
  210: '系统撤单',
  211: '领取红包',
  212: '红包退回',
  213: '开奖退款',
  214: '活动红包',
  215: '每日签到',
  216: '余额宝收益',
  217: '质押到期返还',
  218: '质押收益',
  219: '晋级奖励',
  220: '棋牌派奖',
  221: '棋牌退款',
  222: '其他返还',
  // 301-311 debits
  301: '提现',
  302: '投注',
  303: '打赏',
  304: '发红包',
  305: '质押',
  306: '转入余额宝',
  307: '追号投注',
  308: '棋牌投注',
  309: '提现手续费',
  310: '充值手续费',
  311: '其他扣款',
  // 401-423 manual operations
  401: '人工存入',
  402: '人工扣除',
  403: '人工加奖',
  404: '人工返点',
  405: '人工活动奖励',
  406: '人工充值优惠',
  407: '人工红包',
  408: '人工冲正',
  409: '人工补单',
  410: '人工撤单返款',
  411: '人工派奖',
  412: '人工扣除派奖',
  413: '人工扣除返点',
  414: '人工扣除优惠',
  415: '人工扣除红包',
  416: '人工扣除违规',
  417: '人工提现',
  418: '人工提现退回',
  419: '拒绝充值',
  420: '拒绝提现',
  421: '人工余额宝调整',
  422: '人工质押调整',
  423: '其他人工操作',
  // 501-502 rebates
  501: '投注返水',
  502: '棋牌返水',
  // 611-616 transfers
  611: '转入',
  612: '转出',
  613: '质押退还',
  614: '质押扣除',
  615: '人工转入',
  616: '人工转出',
} as const satisfies Record<number, string>;

export type TransactionTypeCode = keyof typeof TRANSACTION_TYPES;

export function isTransactionTypeCode(code: number): code is TransactionTypeCode {
  return Object.hasOwn(TRANSACTION_TYPES, code);
}

/** Record-screen filter groups; the group of a code is its hundreds digit. */
export const TRANSACTION_GROUPS = {
  1: '充值',
  2: '收入',
  3: '支出',
  4: '人工',
  5: '返水',
  6: '转账',
} as const;
export type TransactionGroup = keyof typeof TRANSACTION_GROUPS;

export function groupOf(code: number): TransactionGroup {
  return Math.floor(code / 100) as TransactionGroup;
}

export { DEPOSIT_CHANNEL_KEYS, DEPOSIT_CHANNELS, type DepositChannel } from './deposit-channels';

/** Record screens' period dropdown (spec/platform.md §2). */
export const PERIODS = ['today', 'yesterday', 'sevenDays'] as const;
export type Period = (typeof PERIODS)[number];

/**
 * Amount typed by a player: the one amount rule, Amount in fields.ts (spec/platform.md §5).
 * @deprecated import Amount from fields.ts; the name stays for web/features/yuebao/model/amount.ts.
 */
export const amountInput = Amount;

const pageParams = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};

export const TransactionRecordsQuery = z.object({
  ...pageParams,
  period: z.enum(PERIODS).default('today'),
  /** 0 or absent = every group; 1-6 = one group; or a single type code. */
  type: z.coerce.number().int().min(0).max(699).default(0),
});
export type TransactionRecordsQueryReq = z.infer<typeof TransactionRecordsQuery>;

export const RecordListQuery = z.object({
  ...pageParams,
  period: z.enum(PERIODS).default('sevenDays'),
});
export type RecordListQueryReq = z.infer<typeof RecordListQuery>;

/** One ledger entry as the player sees it. Money fields are decimal strings. */
export const transactionRecord = z.object({
  id: z.string(),
  typeCode: z.number().int(),
  typeName: z.string(),
  amount: z.string(),
  balanceAfter: z.string(),
  relatedKind: z.string().nullable(),
  relatedId: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.number().int(),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

export type Page<T> = { rows: T[]; total: number; pageNum: number; pageSize: number };

export const WalletApi = {
  queryBalanceFront: endpoint({
    method: 'GET',
    path: 'balance/queryBalanceFront',
    summary: "The player's wallet balance",
    data: z.object({ balance: z.string() }),
    login: true,
  }),
  myBalance: endpoint({
    method: 'GET',
    path: 'virtualWallet/myBalance',
    summary: 'Balance, money frozen by pending withdrawals, and their sum',
    data: z.object({ balance: z.string(), frozenBalance: z.string(), totalBalance: z.string() }),
    login: true,
  }),
  getTransactionTypes: endpoint({
    method: 'GET',
    path: 'balance/getTransactionTypes',
    summary: 'Ledger groups and type codes with their names (账变类型)',
    data: z.object({
      groups: z.array(z.object({ group: z.number().int(), name: z.string() })),
      types: z.array(z.object({ code: z.number().int(), name: z.string() })),
    }),
  }),
  getTransactionRecordsFront: endpoint({
    method: 'GET',
    path: 'balance/getTransactionRecordsFront',
    summary: "The player's ledger entries of a period, newest first, with income and expense totals",
    request: TransactionRecordsQuery,
    data: z.object({
      rows: z.array(transactionRecord),
      total: z.number().int(),
      pageNum: z.number().int(),
      pageSize: z.number().int(),
      income: z.string(),
      expense: z.string(),
    }),
    login: true,
  }),
};
