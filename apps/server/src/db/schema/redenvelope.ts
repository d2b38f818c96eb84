import {
  bigint,
  bigserial,
  boolean,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/** Drizzle view of the red-envelope tables (migrations 03xx): envelopes, shares, reads, limits. */

export const redEnvelope = pgTable('red_envelope', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  senderId: bigint('sender_id', { mode: 'number' }).notNull(),
  roomId: bigint('room_id', { mode: 'number' }),
  directRoomId: bigint('direct_room_id', { mode: 'number' }),
  messageId: bigint('message_id', { mode: 'number' }),
  dispatchType: smallint('dispatch_type').notNull(),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  shareCount: integer('share_count').notNull(),
  remark: text('remark').notNull(),
  escrowAccountId: bigint('escrow_account_id', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  refundedAt: bigint('refunded_at', { mode: 'number' }),
  refundMinor: bigint('refund_minor', { mode: 'number' }),
});

export const redEnvelopeConfig = pgTable('red_envelope_config', {
  tenantId: integer('tenant_id').primaryKey(),
  maxAmountMinor: bigint('max_amount_minor', { mode: 'number' }).notNull(),
  dayLimitAmountMinor: bigint('day_limit_amount_minor', { mode: 'number' }).notNull(),
  dayLimitCount: integer('day_limit_count').notNull(),
});

export const redEnvelopeRead = pgTable(
  'red_envelope_read',
  {
    envelopeId: bigint('envelope_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    state: smallint('state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.envelopeId, t.userId] })],
);

export const redEnvelopeShare = pgTable(
  'red_envelope_share',
  {
    envelopeId: bigint('envelope_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    claimedAt: bigint('claimed_at', { mode: 'number' }),
    refunded: boolean('refunded').notNull(),
  },
  (t) => [primaryKey({ columns: [t.envelopeId, t.seq] })],
);
