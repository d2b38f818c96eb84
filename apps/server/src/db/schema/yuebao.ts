import {
  bigint,
  bigserial,
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';

/** Drizzle view of the yuebao savings and pledge tables (migration 0600, docs/yuebao.md). */

export const yuebaoConfig = pgTable('yuebao_config', {
  tenantId: integer('tenant_id').primaryKey(),
  ratePpm: integer('rate_ppm').notNull(),
  minInMinor: bigint('min_in_minor', { mode: 'bigint' }).notNull(),
  maxInMinor: bigint('max_in_minor', { mode: 'bigint' }).notNull(),
  maxBalanceMinor: bigint('max_balance_minor', { mode: 'bigint' }).notNull(),
  startDay: integer('start_day').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const yuebaoActivity = pgTable('yuebao_activity', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  title: text('title').notNull(),
  ratePpm: integer('rate_ppm').notNull(),
  minBalanceMinor: bigint('min_balance_minor', { mode: 'bigint' }).notNull(),
  startDay: integer('start_day').notNull(),
  endDay: integer('end_day').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const yuebaoDayLow = pgTable(
  'yuebao_day_low',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    openMinor: bigint('open_minor', { mode: 'bigint' }).notNull(),
    lowMinor: bigint('low_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const yuebaoAccrualDay = pgTable(
  'yuebao_accrual_day',
  {
    tenantId: integer('tenant_id').notNull(),
    day: integer('day').notNull(),
    savers: integer('savers').notNull(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    poolMinor: bigint('pool_minor', { mode: 'bigint' }).notNull(),
    remainderMinor: bigint('remainder_minor', { mode: 'bigint' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

export const yuebaoAccrual = pgTable(
  'yuebao_accrual',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    tenantId: integer('tenant_id').notNull(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    interestMinor: bigint('interest_minor', { mode: 'bigint' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const yuebaoPledgeProduct = pgTable(
  'yuebao_pledge_product',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    name: text('name').notNull(),
    termDays: integer('term_days').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    minMinor: bigint('min_minor', { mode: 'bigint' }).notNull(),
    maxMinor: bigint('max_minor', { mode: 'bigint' }).notNull(),
    maxOrders: integer('max_orders').notNull(),
    penaltyPpm: integer('penalty_ppm').notNull(),
    enabled: boolean('enabled').notNull(),
    sort: integer('sort').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.tenantId, t.name)],
);

export const yuebaoPledgeOrder = pgTable(
  'yuebao_pledge_order',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: integer('product_id').notNull(),
    orderNo: text('order_no').notNull().unique(),
    requestId: text('request_id').notNull(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    termDays: integer('term_days').notNull(),
    penaltyPpm: integer('penalty_ppm').notNull(),
    profitMinor: bigint('profit_minor', { mode: 'bigint' }).notNull(),
    autoRenew: boolean('auto_renew').notNull(),
    state: smallint('state').notNull(),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    maturesAt: bigint('matures_at', { mode: 'number' }).notNull(),
    settledAt: bigint('settled_at', { mode: 'number' }),
    penaltyMinor: bigint('penalty_minor', { mode: 'bigint' }),
    renewedFrom: bigint('renewed_from', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.userId, t.requestId)],
);

export const yuebaoPledgeProfit = pgTable('yuebao_pledge_profit', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  kind: smallint('kind').notNull(),
  principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
  profitMinor: bigint('profit_minor', { mode: 'bigint' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
