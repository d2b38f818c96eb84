import { z } from 'zod';
import { DEPOSIT_CHANNEL_KEYS } from '../deposit-channels';
import { consoleEndpoint } from './endpoint';
import { BetRecord } from './players';

/**
 * The finance desk (issue 40 §5), under /console/api/finance/. Money goes out as decimal yuan
 * strings formatted from bigint minor units (2 places, as the player contract shows it) and comes
 * in as yuan strings: digits with at most 2 decimals, never negative, never a float. A credit or
 * debit says so in `direction`; the amount itself is always positive.
 *
 * Every change names a reason and writes exactly one audit row in the transaction that moves the
 * money (or flips the order). Withdrawals at or above WITHDRAW_SECOND_APPROVAL_MINOR need two
 * approvers (four eyes): the first approval records itself (`first_approved`), a second approver's
 * approval pays (another staff member, or the admin CLI as `cli:<os user>`: the CLI's
 * withdraw-approve goes through the same rule). Lists are keyset pages: pass the previous page's
 * `nextCursor`. The deposit and withdrawal searches also export CSV with the same filter (streamed
 * in keyset batches, every matching row once).
 */

export const FINANCE_PAGE_MAX = 200;

export const FinanceMessages = {
  reason: '请填写原因（1-200字）',
  amount: '金额格式不正确（大于0，最多两位小数）',
  orderNo: '订单号格式不正确',
  day: '日期格式应为YYYY-MM-DD',
  cursor: '翻页参数不正确',
  typeCode: '人工调整类型须为401-423',
  key: '幂等键为1-64位字母、数字、下划线或短横线',
  account: '玩家账号格式不正确',
} as const;

const Reason = z
  .string({ error: FinanceMessages.reason })
  .trim()
  .min(1, FinanceMessages.reason)
  .max(200, FinanceMessages.reason);
const OrderNo = z
  .string({ error: FinanceMessages.orderNo })
  .trim()
  .regex(/^[A-Z][0-9A-Za-z]{4,40}$/, FinanceMessages.orderNo);
/** Positive yuan with at most 2 decimals ("50", "20.5"); "-1", "1e3", "0" are refused. */
export const YuanAmount = z
  .string({ error: FinanceMessages.amount })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, FinanceMessages.amount)
  .refine((v) => /[1-9]/.test(v), FinanceMessages.amount);
/** A Beijing calendar day. */
const BeijingDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, FinanceMessages.day);
const Cursor = z
  .string()
  .max(80, FinanceMessages.cursor)
  .regex(/^\d+:[0-9A-Za-z]+$/, FinanceMessages.cursor);
const Limit = z.coerce.number().int().min(1).max(FINANCE_PAGE_MAX).default(50);
const PlayerAccount = z.string().trim().min(1, FinanceMessages.account).max(40, FinanceMessages.account);

export const DEPOSIT_STATUSES = ['pending', 'paid', 'rejected', 'expired'] as const;
export const WITHDRAW_STATUSES = ['pending', 'approved', 'rejected'] as const;

const period = {
  /** First Beijing day, inclusive. */
  fromDay: BeijingDay.optional(),
  /** Last Beijing day, inclusive. */
  toDay: BeijingDay.optional(),
};

export const DepositListRequest = z.object({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  channel: z.enum(DEPOSIT_CHANNEL_KEYS as [string, ...string[]]).optional(),
  /** The player's user name. */
  account: PlayerAccount.optional(),
  orderNo: OrderNo.optional(),
  ...period,
  cursor: Cursor.optional(),
  limit: Limit,
});

export const DepositRow = z.object({
  orderNo: z.string(),
  userId: z.number().int(),
  account: z.string(),
  channel: z.string(),
  typeCode: z.number().int(),
  amount: z.string(),
  bonus: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  depositorName: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.number().int(),
  completedAt: z.number().int().nullable(),
});
export type DepositRow = z.infer<typeof DepositRow>;

export const WithdrawRow = z.object({
  orderNo: z.string(),
  userId: z.number().int(),
  account: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(WITHDRAW_STATUSES),
  payout: z.object({
    kind: z.string(),
    bankName: z.string().nullable(),
    accountNo: z.string(),
    realName: z.string().nullable(),
  }),
  remark: z.string().nullable(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  /** Needs two approvers (amount at or above the four-eyes threshold). */
  needsSecondApproval: z.boolean(),
  /**
   * The first approval of a four-eyes withdrawal, while it waits for the second. Through the admin
   * CLI it has no staff id and its account is the audit actor, `cli:<os user>`.
   */
  firstApproval: z
    .object({
      staffId: z.number().int().nullable(),
      account: z.string(),
      reason: z.string(),
      at: z.number().int(),
    })
    .nullable(),
});
export type WithdrawRow = z.infer<typeof WithdrawRow>;

export const WithdrawListRequest = z.object({
  status: z.enum(WITHDRAW_STATUSES).optional(),
  account: PlayerAccount.optional(),
  orderNo: OrderNo.optional(),
  ...period,
  cursor: Cursor.optional(),
  limit: Limit,
});

/** A search's filter without its page: what the CSV export takes. */
export const DepositExportRequest = DepositListRequest.omit({ cursor: true, limit: true });
export const WithdrawExportRequest = WithdrawListRequest.omit({ cursor: true, limit: true });

const page = <T extends z.ZodType>(row: T) =>
  z.object({ items: z.array(row), nextCursor: z.string().nullable() });

export const OrderRequest = z.object({ orderNo: OrderNo });
export const DecisionRequest = z.object({ orderNo: OrderNo, reason: Reason });

export const WithdrawDetail = z.object({
  order: WithdrawRow,
  turnover: z.object({ required: z.string(), done: z.string(), remaining: z.string() }),
  recentDeposits: z.array(DepositRow),
  /** The player's latest lottery bets (at most 10, newest first), as the players desk lists them. */
  recentBets: z.array(BetRecord),
  /** The four-eyes threshold, in yuan. */
  secondApprovalFrom: z.string(),
});

export const ADJUST_DIRECTIONS = ['credit', 'debit'] as const;
export const AdjustRequest = z.object({
  account: PlayerAccount,
  direction: z.enum(ADJUST_DIRECTIONS, { error: '请选择加款或扣款' }),
  amount: YuanAmount,
  /** A JSON integer, as amount is a string: no coercion, so `"401"` is refused rather than guessed. */
  typeCode: z
    .number({ error: FinanceMessages.typeCode })
    .int(FinanceMessages.typeCode)
    .min(401, FinanceMessages.typeCode)
    .max(423, FinanceMessages.typeCode),
  reason: Reason,
  /** The same key twice moves money once (a retried click, a resent form). */
  idempotencyKey: z
    .string({ error: FinanceMessages.key })
    .regex(/^[0-9A-Za-z_-]{1,64}$/, FinanceMessages.key),
});
export type AdjustRequest = z.infer<typeof AdjustRequest>;

export const ChannelRow = z.object({
  channel: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Per-order minimum and maximum, yuan. */
  min: z.string(),
  max: z.string(),
  /** `bank` (confirmed by the desk) or a payment provider. */
  provider: z.string(),
});
export type ChannelRow = z.infer<typeof ChannelRow>;

export const ChannelUpdateRequest = z
  .object({
    channel: z.enum(DEPOSIT_CHANNEL_KEYS as [string, ...string[]], { error: '支付渠道不存在' }),
    enabled: z.boolean({ error: '启用状态格式不正确' }).optional(),
    min: YuanAmount.optional(),
    max: YuanAmount.optional(),
    sort: z.number({ error: '排序须为0-9999的整数' }).int('排序须为0-9999的整数').min(0).max(9999).optional(),
    reason: Reason,
  })
  .refine(
    (v) => v.enabled !== undefined || v.min !== undefined || v.max !== undefined || v.sort !== undefined,
    {
      message: '请至少修改一项',
    },
  );
export type ChannelUpdateRequest = z.infer<typeof ChannelUpdateRequest>;

export const ReconciliationRequest = z.object({ day: BeijingDay });
export const Reconciliation = z.object({
  day: z.string(),
  /** The ledger audit (every account and entry sums to zero, balances equal their entries). */
  ledger: z.object({
    ok: z.boolean(),
    accounts: z.number().int(),
    transactions: z.number().int(),
    balanceSum: z.string(),
    entrySum: z.string(),
    unbalancedTxnIds: z.array(z.number().int()),
    driftedAccounts: z.array(z.number().int()),
    negativeAccounts: z.array(z.number().int()),
  }),
  /** Deposits confirmed (paid) during the day, per channel. */
  deposits: z.array(
    z.object({ channel: z.string(), count: z.number().int(), amount: z.string(), bonus: z.string() }),
  ),
  /** Withdrawals decided during the day, per payout kind (bank, alipay, usdt …). */
  withdrawals: z.array(
    z.object({
      payoutKind: z.string(),
      paidCount: z.number().int(),
      paidAmount: z.string(),
      fee: z.string(),
      rejectedCount: z.number().int(),
      rejectedAmount: z.string(),
    }),
  ),
});

export const ConsoleFinanceApi = {
  depositList: consoleEndpoint({
    method: 'GET',
    path: 'finance/deposits/list',
    summary: 'Deposit orders, newest first, filtered, one keyset page',
    access: 'deposit.read',
    request: DepositListRequest,
    data: page(DepositRow),
  }),
  depositPending: consoleEndpoint({
    method: 'GET',
    path: 'finance/deposits/pending',
    summary: 'Pending bank-transfer and digital-currency orders waiting for the desk, oldest first',
    access: 'deposit.read',
    data: z.object({ items: z.array(DepositRow) }),
  }),
  depositDetail: consoleEndpoint({
    method: 'GET',
    path: 'finance/deposits/detail',
    summary: 'One deposit order with the URLs of its payment proof images',
    access: 'deposit.read',
    request: OrderRequest,
    data: z.object({ order: DepositRow, proofImages: z.array(z.string()) }),
  }),
  depositConfirm: consoleEndpoint({
    method: 'POST',
    path: 'finance/deposits/confirm',
    summary: 'Confirm a bank-transfer or digital-currency deposit: credits the player once',
    access: 'deposit.confirm',
    request: DecisionRequest,
    data: DepositRow,
  }),
  depositReject: consoleEndpoint({
    method: 'POST',
    path: 'finance/deposits/reject',
    summary: 'Refuse a pending deposit order (no money moves)',
    access: 'deposit.confirm',
    request: DecisionRequest,
    data: DepositRow,
  }),
  depositExport: consoleEndpoint({
    method: 'GET',
    path: 'finance/deposits/export',
    summary: 'Every deposit order the filter finds, newest first, as CSV (streamed)',
    access: 'deposit.read',
    request: DepositExportRequest,
    csv: true,
  }),
  withdrawQueue: consoleEndpoint({
    method: 'GET',
    path: 'finance/withdrawals/queue',
    summary: 'Pending withdrawals, oldest first (at most 200)',
    access: 'withdraw.read',
    data: z.object({ items: z.array(WithdrawRow) }),
  }),
  withdrawList: consoleEndpoint({
    method: 'GET',
    path: 'finance/withdrawals/list',
    summary: 'Withdrawals, newest first, filtered, one keyset page',
    access: 'withdraw.read',
    request: WithdrawListRequest,
    data: page(WithdrawRow),
  }),
  withdrawExport: consoleEndpoint({
    method: 'GET',
    path: 'finance/withdrawals/export',
    summary: 'Every withdrawal the filter finds, newest first, as CSV (streamed)',
    access: 'withdraw.read',
    request: WithdrawExportRequest,
    csv: true,
  }),
  withdrawDetail: consoleEndpoint({
    method: 'GET',
    path: 'finance/withdrawals/detail',
    summary: "One withdrawal with the player's turnover requirement, recent deposits and recent bets",
    access: 'withdraw.read',
    request: OrderRequest,
    data: WithdrawDetail,
  }),
  withdrawApprove: consoleEndpoint({
    method: 'POST',
    path: 'finance/withdrawals/approve',
    summary: 'Approve a withdrawal: pays it (escrow to payout), or records the first of two approvals',
    access: 'withdraw.approve',
    request: DecisionRequest,
    data: z.object({ state: z.enum(['paid', 'first_approved']), order: WithdrawRow }),
  }),
  withdrawReject: consoleEndpoint({
    method: 'POST',
    path: 'finance/withdrawals/reject',
    summary: 'Refuse a withdrawal: the amount returns to the player (code 201)',
    access: 'withdraw.approve',
    request: DecisionRequest,
    data: WithdrawRow,
  }),
  adjust: consoleEndpoint({
    method: 'POST',
    path: 'finance/adjustments/create',
    summary: 'Credit or debit a player with a manual code 401-423; the same key twice moves money once',
    access: 'adjust.create',
    request: AdjustRequest,
    data: z.object({ replayed: z.boolean(), balance: z.string(), txnId: z.number().int() }),
  }),
  channelList: consoleEndpoint({
    method: 'GET',
    path: 'finance/channels/list',
    summary: 'Payment channels in their order',
    access: 'channel.read',
    data: z.object({ items: z.array(ChannelRow) }),
  }),
  channelUpdate: consoleEndpoint({
    method: 'POST',
    path: 'finance/channels/update',
    summary: 'Enable or disable a channel, set its minimum, maximum and order',
    access: 'channel.manage',
    request: ChannelUpdateRequest,
    data: ChannelRow,
  }),
  reconciliation: consoleEndpoint({
    method: 'GET',
    path: 'finance/reconciliation',
    summary: "A Beijing day's reconciliation: the ledger audit and per-channel deposit and withdrawal totals",
    access: 'ledger.read',
    request: ReconciliationRequest,
    data: Reconciliation,
  }),
} as const;

/**
 * The exports' columns, in order (the first line of each CSV): the list's fields, money in yuan as
 * the list gives it, times in Beijing time (YYYY-MM-DD HH:mm:ss), statuses and channels as codes
 * (what the filter takes).
 */
export const DEPOSIT_CSV_COLUMNS = [
  '订单号',
  '玩家ID',
  '玩家账号',
  '渠道',
  '类型码',
  '金额（元）',
  '赠送（元）',
  '状态',
  '存款人',
  '备注',
  '提交时间（北京）',
  '到账时间（北京）',
] as const;

export const WITHDRAW_CSV_COLUMNS = [
  '订单号',
  '玩家ID',
  '玩家账号',
  '金额（元）',
  '手续费（元）',
  '状态',
  '收款方式',
  '开户行',
  '收款账号',
  '收款人',
  '需复核',
  '初审人',
  '初审原因',
  '初审时间（北京）',
  '备注',
  '申请时间（北京）',
  '审核时间（北京）',
] as const;
