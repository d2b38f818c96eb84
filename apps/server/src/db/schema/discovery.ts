import { bigint, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the discovery tables (migration 0500): the daily profit list and winners. */

export const discoveryDay = pgTable(
  'discovery_day',
  {
    tenantId: integer('tenant_id').notNull(),
    dayStart: bigint('day_start', { mode: 'number' }).notNull(),
    computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.dayStart] })],
);

export const discoveryProfitRank = pgTable(
  'discovery_profit_rank',
  {
    tenantId: integer('tenant_id').notNull(),
    dayStart: bigint('day_start', { mode: 'number' }).notNull(),
    rank: smallint('rank').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    profitMinor: bigint('profit_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.dayStart, t.rank] })],
);

export const discoveryWinner = pgTable(
  'discovery_winner',
  {
    tenantId: integer('tenant_id').notNull(),
    dayStart: bigint('day_start', { mode: 'number' }).notNull(),
    rank: smallint('rank').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    betId: bigint('bet_id', { mode: 'number' }).notNull(),
    lotteryCode: text('lottery_code').notNull(),
    issue: text('issue').notNull(),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.dayStart, t.rank] })],
);
