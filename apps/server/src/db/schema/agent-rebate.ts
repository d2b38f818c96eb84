import { bigint, numeric, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/** Per-lottery-type rebates (migration 0702, docs/adr/0702-per-type-rebates.md). */

/** A user's rebate for one lottery type where it overrides users.rebate. */
export const userTypeRebate = pgTable(
  'user_type_rebate',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    lotteryType: smallint('lottery_type').notNull(),
    rebate: numeric('rebate', { precision: 4, scale: 1 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lotteryType] })],
);

/** The per-type overrides an invite code copies to the accounts registered with it. */
export const inviteCodeTypeRebate = pgTable(
  'invite_code_type_rebate',
  {
    inviteCodeId: bigint('invite_code_id', { mode: 'number' }).notNull(),
    lotteryType: smallint('lottery_type').notNull(),
    rebate: numeric('rebate', { precision: 4, scale: 1 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.inviteCodeId, t.lotteryType] })],
);
