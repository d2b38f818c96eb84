import { bigint, bigserial, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the security tables (migration 0102). Hashes only; never plain secrets. */

export const userSecurity = pgTable('user_security', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  safetyPasswordHash: text('safety_password_hash'),
  safetyPasswordSetAt: bigint('safety_password_set_at', { mode: 'number' }),
  safetyFailedAttempts: integer('safety_failed_attempts').notNull(),
  safetyLockedUntil: bigint('safety_locked_until', { mode: 'number' }),
  realName: text('real_name'),
  phone: text('phone'),
  phoneVerifiedAt: bigint('phone_verified_at', { mode: 'number' }),
  email: text('email'),
  emailVerifiedAt: bigint('email_verified_at', { mode: 'number' }),
  questionId: integer('question_id'),
  answerHash: text('answer_hash'),
  questionFailedAttempts: integer('question_failed_attempts').notNull(),
});

export const verificationCode = pgTable('verification_code', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }),
  purpose: text('purpose').notNull(),
  channel: text('channel').$type<'sms' | 'mail'>().notNull(),
  target: text('target').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const outboxMessage = pgTable('outbox_message', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel').notNull(),
  target: text('target').notNull(),
  body: text('body').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  deliveredAt: bigint('delivered_at', { mode: 'number' }),
});

export const passwordResetToken = pgTable('password_reset_token', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});

/** Manual verification requests (migration 0950, docs/manual-verification.md). */
export const manualVerification = pgTable('manual_verification', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  realName: text('real_name').notNull(),
  phone: text('phone').notNull(),
  note: text('note').notNull(),
  images: text('images').array().notNull(),
  receiptHash: text('receipt_hash').notNull(),
  ip: text('ip').notNull(),
  state: smallint('state').notNull(),
  reason: text('reason').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  decidedAt: bigint('decided_at', { mode: 'number' }),
  usedAt: bigint('used_at', { mode: 'number' }),
});
