import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the payment provider's callback nonces (replay guard, docs/wallet.md). */

export const paymentCallbackNonce = pgTable('payment_callback_nonce', {
  nonce: text('nonce').primaryKey(),
  orderNo: text('order_no').notNull(),
  receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
});
