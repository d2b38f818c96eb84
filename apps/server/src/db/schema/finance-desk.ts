import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the finance desk's four-eyes table (migrations 1020 and 1045, docs/console.md). */

export const financeWithdrawApproval = pgTable('finance_withdraw_approval', {
  orderNo: text('order_no').primaryKey(),
  /** Null for an approval through the admin CLI (first_staff_account is then `cli:<os user>`). */
  firstStaffId: bigint('first_staff_id', { mode: 'number' }),
  firstStaffAccount: text('first_staff_account').notNull(),
  firstReason: text('first_reason').notNull(),
  firstAt: bigint('first_at', { mode: 'number' }).notNull(),
});
