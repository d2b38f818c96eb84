import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the finance desk's four-eyes table (migration 1020, docs/console.md). */

export const financeWithdrawApproval = pgTable('finance_withdraw_approval', {
  orderNo: text('order_no').primaryKey(),
  firstStaffId: bigint('first_staff_id', { mode: 'number' }).notNull(),
  firstStaffAccount: text('first_staff_account').notNull(),
  firstReason: text('first_reason').notNull(),
  firstAt: bigint('first_at', { mode: 'number' }).notNull(),
});
