import { bigint, bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the embedded chat tables (migration 0980). Hashes only; never plain keys. */

export const embedChatAccount = pgTable('embed_chat_account', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  uid: text('uid').notNull(),
  nickname: text('nickname').notNull(),
  avatar: text('avatar').notNull(),
  passwordHash: text('password_hash').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  boundAt: bigint('bound_at', { mode: 'number' }),
});

export const embedChatKey = pgTable('embed_chat_key', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  keyHash: text('key_hash').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
