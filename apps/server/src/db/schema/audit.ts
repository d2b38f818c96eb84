import { bigint, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Drizzle view of the audit log (migration 1010). Append-only: rows are written only by
 * modules/audit/writer.ts (the chain's lock and hash) and never updated.
 */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  at: bigint('at', { mode: 'number' }).notNull(),
  actor: text('actor').notNull(),
  role: text('role').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason').notNull(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});
