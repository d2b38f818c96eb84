import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** SiteConfig fields other than tenantName / tenantCode. */
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  registerImageCode: boolean('register_image_code').notNull().default(false),
  registerInviteCode: text('register_invite_code').$type<'required' | 'optional' | 'off'>().notNull(),
  maxRebate: numeric('max_rebate', { precision: 4, scale: 1 }).notNull(),
  siteMode: text('site_mode').$type<'open' | 'maintain' | 'closed' | 'restricted'>().notNull(),
  modeMessage: text('mode_message').notNull().default(''),
  modeStartAt: bigint('mode_start_at', { mode: 'number' }),
  modeEndAt: bigint('mode_end_at', { mode: 'number' }),
  allowedIps: jsonb('allowed_ips').$type<string[]>().notNull(),
  configUpdatedAt: bigint('config_updated_at', { mode: 'number' }).notNull(),
  pageUpdatedAt: bigint('page_updated_at', { mode: 'number' }).notNull(),
  lotteryOrderUpdatedAt: bigint('lottery_order_updated_at', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const supportLines = pgTable('support_lines', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  name: text('name').notNull(),
  linkType: smallint('link_type').notNull(),
  linkUrl: text('link_url').notNull(),
  htmlPath: text('html_path').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url').notNull(),
  sortOrder: integer('sort_order').notNull(),
  enabled: boolean('enabled').notNull(),
});

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  enabled: boolean('enabled').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const clientEvents = pgTable('client_events', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  kind: text('kind').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  ip: text('ip'),
  payload: jsonb('payload').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
