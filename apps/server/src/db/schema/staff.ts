import { bigint, bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the console's staff tables (migration 1000, docs/console.md). Hashes only. */

export const staff = pgTable('staff', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  account: text('account').notNull(),
  role: text('role').notNull(),
  status: text('status').$type<'active' | 'disabled'>().notNull(),
  passwordHash: text('password_hash'),
  enrolTokenHash: text('enrol_token_hash'),
  enrolTokenExpiresAt: bigint('enrol_token_expires_at', { mode: 'number' }),
  totpSecret: text('totp_secret'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull(),
  lockedUntil: bigint('locked_until', { mode: 'number' }),
  lastSignInAt: bigint('last_sign_in_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  createdBy: text('created_by').notNull(),
});

export const staffTicket = pgTable('staff_ticket', {
  ticketHash: text('ticket_hash').primaryKey(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  stage: text('stage').$type<'enrol' | 'totp'>().notNull(),
  pendingTotpSecret: text('pending_totp_secret'),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const staffSession = pgTable('staff_session', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  lastSeenAt: bigint('last_seen_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  revokedAt: bigint('revoked_at', { mode: 'number' }),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull(),
});

export const staffRecoveryCode = pgTable('staff_recovery_code', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
