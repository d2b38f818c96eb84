import { bigint, boolean, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/** Tables of migration 0200 (draws and bets). Repos use SQL; these types document the columns. */

export const drawChain = pgTable('draw_chain', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  lotteryCode: text('lottery_code').notNull(),
  businessDate: text('business_date').notNull(),
  length: integer('length').notNull(),
  seedSecret: text('seed_secret').notNull(),
  head: text('head').notNull(),
  firstIssueStartMs: bigint('first_issue_start_ms', { mode: 'number' }).notNull(),
  publishedAt: bigint('published_at', { mode: 'number' }).notNull(),
});

export const drawIssue = pgTable(
  'draw_issue',
  {
    lotteryCode: text('lottery_code').notNull(),
    issue: text('issue').notNull(),
    businessDate: text('business_date').notNull(),
    seq: integer('seq').notNull(),
    drawMs: bigint('draw_ms', { mode: 'number' }).notNull(),
    numbers: text('numbers').notNull(),
    indexValue: text('index_value'),
    source: text('source').$type<'chain' | 'official'>().notNull(),
    chainId: bigint('chain_id', { mode: 'number' }),
    secret: text('secret'),
    drawnAt: bigint('drawn_at', { mode: 'number' }).notNull(),
    settledAt: bigint('settled_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.lotteryCode, t.issue] })],
);

export const drawCursor = pgTable('draw_cursor', {
  lotteryCode: text('lottery_code').primaryKey(),
  lastIssue: text('last_issue').notNull(),
  lastDrawMs: bigint('last_draw_ms', { mode: 'number' }).notNull(),
});

/** 0 等待开奖, 1 已中奖, 2 未中奖, 3 已撤单. */
export type BetState = 0 | 1 | 2 | 3;

export const bet = pgTable('bet', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  recordCode: text('record_code').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  /** sha256 of the basket in a fixed form: a reused key with another basket is refused. */
  requestDigest: text('request_digest'),
  lotteryCode: text('lottery_code').notNull(),
  issue: text('issue').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
  userRebateTenths: integer('user_rebate_tenths').notNull(),
  pointTenths: integer('point_tenths').notNull(),
  state: smallint('state').$type<BetState>().notNull(),
  openNumber: text('open_number'),
  /** For a chase order: when its issue opens for sale (it shows as a bet from then on). */
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  settledAt: bigint('settled_at', { mode: 'number' }),
  cancelledAt: bigint('cancelled_at', { mode: 'number' }),
  /** The chase this bet is an order of (migration 0203). */
  chaseId: bigint('chase_id', { mode: 'number' }),
});

/** Migration 0203: one basket chased over consecutive issues; its orders are bets. */
export const chase = pgTable('chase', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  recordCode: text('record_code').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestDigest: text('request_digest').notNull(),
  lotteryCode: text('lottery_code').notNull(),
  startIssue: text('start_issue').notNull(),
  chaseCount: smallint('chase_count').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  stopAfterWin: boolean('stop_after_win').notNull(),
  autoBuy: boolean('auto_buy').notNull(),
  stopReason: text('stop_reason').$type<'win' | 'cancel'>(),
  stoppedAt: bigint('stopped_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const betLine = pgTable('bet_line', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  betId: bigint('bet_id', { mode: 'number' }).notNull(),
  lineNo: smallint('line_no').notNull(),
  playDetailCode: text('play_detail_code').notNull(),
  bettingNumber: text('betting_number').notNull(),
  bettingCount: integer('betting_count').notNull(),
  bettingUnit: text('betting_unit').notNull(),
  multiplier: integer('multiplier').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  prizeGroup: integer('prize_group').notNull(),
  bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
  state: smallint('state').$type<BetState>().notNull(),
});
