import { bigint, bigserial, boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Drizzle view of the wallet tables (migrations 0100, 0101). Money columns are bigint minor
 * units (1 yuan = 10000). Move money only through postTransfer (modules/wallet/ledger.ts):
 * never insert ledger rows or update balances with these tables directly.
 */

export const walletAccount = pgTable('wallet_account', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  kind: text('kind').$type<'player' | 'escrow' | 'house' | 'clearing' | 'savings'>().notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  code: text('code').notNull(),
  mayGoNegative: boolean('may_go_negative').notNull(),
  balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const ledgerTxn = pgTable('ledger_txn', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull(),
  typeCode: integer('type_code').notNull(),
  relatedKind: text('related_kind'),
  relatedId: text('related_id'),
  remark: text('remark'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const ledgerEntry = pgTable('ledger_entry', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  txnId: bigint('txn_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
  typeCode: integer('type_code').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const walletSetting = pgTable('wallet_setting', {
  tenantId: integer('tenant_id').primaryKey(),
  withdrawMinMinor: bigint('withdraw_min_minor', { mode: 'bigint' }).notNull(),
  withdrawMaxMinor: bigint('withdraw_max_minor', { mode: 'bigint' }).notNull(),
  withdrawDailyCount: integer('withdraw_daily_count').notNull(),
  maxBankCards: integer('max_bank_cards').notNull(),
  withdrawFeeBasisPoints: integer('withdraw_fee_basis_points').notNull(),
  turnoverPercent: integer('turnover_percent').notNull(),
  bonusBasisPoints: integer('bonus_basis_points').notNull(),
  bonusMinDepositMinor: bigint('bonus_min_deposit_minor', { mode: 'bigint' }).notNull(),
  bonusMaxMinor: bigint('bonus_max_minor', { mode: 'bigint' }).notNull(),
});

export const paymentChannel = pgTable('payment_channel', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  channel: text('channel').notNull(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull(),
  sort: integer('sort').notNull(),
  minMinor: bigint('min_minor', { mode: 'bigint' }).notNull(),
  maxMinor: bigint('max_minor', { mode: 'bigint' }).notNull(),
  quickAmountsMinor: bigint('quick_amounts_minor', { mode: 'bigint' }).array().notNull(),
  provider: text('provider').$type<'sandbox' | 'bank'>().notNull(),
  providerSecret: text('provider_secret'),
  receiverBank: text('receiver_bank'),
  receiverName: text('receiver_name'),
  receiverCard: text('receiver_card'),
  receiverBranch: text('receiver_branch'),
  remark: text('remark'),
});

export const depositOrder = pgTable('deposit_order', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  channel: text('channel').notNull(),
  typeCode: integer('type_code').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
  status: text('status').$type<'pending' | 'paid' | 'rejected' | 'expired'>().notNull(),
  depositorName: text('depositor_name'),
  providerRef: text('provider_ref'),
  remark: text('remark'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  completedAt: bigint('completed_at', { mode: 'number' }),
});

export const withdrawFlowRequirement = pgTable('withdraw_flow_requirement', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  sourceKind: text('source_kind').notNull(),
  sourceId: text('source_id').notNull(),
  depositMinor: bigint('deposit_minor', { mode: 'bigint' }).notNull(),
  requiredMinor: bigint('required_minor', { mode: 'bigint' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const payoutAccount = pgTable('payout_account', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  kind: text('kind').$type<'bank' | 'alipay' | 'wechat' | 'digital'>().notNull(),
  bankCode: text('bank_code'),
  bankName: text('bank_name'),
  accountNo: text('account_no').notNull(),
  realName: text('real_name'),
  branch: text('branch'),
  protocol: text('protocol'),
  alias: text('alias'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const withdrawOrder = pgTable('withdraw_order', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** null once the card is removed (users/destructionCheckBankCard); the snapshot keeps it. */
  payoutAccountId: bigint('payout_account_id', { mode: 'number' }),
  payoutSnapshot: jsonb('payout_snapshot').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
  status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
  remark: text('remark'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  reviewedAt: bigint('reviewed_at', { mode: 'number' }),
});

/** Payment proof pictures of a digital-currency deposit order (files/uploadImageFiles). */
export const depositProofImage = pgTable('deposit_proof_image', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
