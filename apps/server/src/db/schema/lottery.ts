import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The per-tenant lottery catalogue, seeded from @lottery/rules/lotteries (operator may stop or reorder). */
export const lotteries = pgTable(
  'lotteries',
  {
    tenantId: integer('tenant_id').notNull(),
    code: text('code').notNull(),
    family: text('family').notNull(),
    name: text('name').notNull(),
    lotteryType: integer('lottery_type').notNull(),
    lotteryExplain: text('lottery_explain').notNull(),
    iconClass: text('icon_class').notNull(),
    sortOrder: integer('sort_order').notNull(),
    hot: boolean('hot').notNull(),
    isStop: boolean('is_stop').notNull(),
    isFastBet: boolean('is_fast_bet').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);
