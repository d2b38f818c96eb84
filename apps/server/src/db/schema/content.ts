import { bigint, bigserial, boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the content tables (migration 0400, docs/content.md). */

export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    announcementId: integer('announcement_id').notNull(),
    readAt: bigint('read_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

export const userMessages = pgTable('user_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  isRead: boolean('is_read').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  readAt: bigint('read_at', { mode: 'number' }),
});

export const contentArticles = pgTable('content_articles', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  kind: text('kind').$type<'help' | 'about'>().notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  sortOrder: integer('sort_order').notNull(),
  enabled: boolean('enabled').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
