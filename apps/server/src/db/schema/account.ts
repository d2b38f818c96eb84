import { bigint, bigserial, boolean, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';

export type UserRole = 'player' | 'agent' | 'manager' | 'test';
export type UserStatus = 'active' | 'disabled' | 'frozen';

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userName: text('user_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  nickName: text('nick_name').notNull(),
  avatar: text('avatar').notNull(),
  gender: smallint('gender').notNull(),
  grade: integer('grade').notNull(),
  role: text('role').$type<UserRole>().notNull(),
  isAgent: boolean('is_agent').notNull(),
  parentId: bigint('parent_id', { mode: 'number' }),
  rebate: numeric('rebate', { precision: 4, scale: 1 }).notNull(),
  rebateUpdatedAt: bigint('rebate_updated_at', { mode: 'number' }).notNull(),
  status: text('status').$type<UserStatus>().notNull(),
  failedLogins: integer('failed_logins').notNull(),
  lockedUntil: bigint('locked_until', { mode: 'number' }),
  passwordChangedAt: bigint('password_changed_at', { mode: 'number' }).notNull(),
  registerIp: text('register_ip'),
  lastLoginAt: bigint('last_login_at', { mode: 'number' }),
  lastLoginIp: text('last_login_ip'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  /** The invite code the user registered with (migration 0700). */
  inviteCodeId: bigint('invite_code_id', { mode: 'number' }),
});

export const inviteCodes = pgTable('invite_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  code: text('code').notNull(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  rebate: numeric('rebate', { precision: 4, scale: 1 }).notNull(),
  codeType: smallint('code_type').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  deletedAt: bigint('deleted_at', { mode: 'number' }),
});

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  lastSeenAt: bigint('last_seen_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  revokedAt: bigint('revoked_at', { mode: 'number' }),
  revokeReason: text('revoke_reason'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  /** The web app's X-Device-Id at sign-in or registration (migration 1050). */
  deviceId: text('device_id'),
});

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});

/** A player's own avatar pictures (users/uploadImage). */
export const userImage = pgTable('user_image', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  path: text('path').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
