import { bigint, bigserial, integer, pgTable, primaryKey, unique } from 'drizzle-orm/pg-core';

/** Drizzle view of the sign-in and VIP tables (migration 0450, docs/vip.md). */

export const activitySignReward = pgTable(
  'activity_sign_reward',
  {
    tenantId: integer('tenant_id').notNull(),
    dayNo: integer('day_no').notNull(),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' }).notNull(),
    turnoverPercent: integer('turnover_percent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.dayNo] })],
);

export const activitySign = pgTable(
  'activity_sign',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    signDay: integer('sign_day').notNull(),
    streak: integer('streak').notNull(),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.userId, t.signDay)],
);

export const vipGradeRule = pgTable(
  'vip_grade_rule',
  {
    tenantId: integer('tenant_id').notNull(),
    grade: integer('grade').notNull(),
    growthMinor: bigint('growth_minor', { mode: 'bigint' }).notNull(),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
    turnoverPercent: integer('turnover_percent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.grade] })],
);

export const vipBonusClaim = pgTable(
  'vip_bonus_claim',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    grade: integer('grade').notNull(),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.userId, t.grade)],
);
