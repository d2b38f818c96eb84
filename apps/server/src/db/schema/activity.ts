import {
  bigint,
  bigserial,
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';

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

/** Drizzle view of the activity centre and activity red envelopes (migration 0460, docs/activities.md). */

export const activity = pgTable('activity', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  imageUrl: text('image_url').notNull(),
  content: text('content').notNull(),
  kind: text('kind').notNull(),
  thresholdMinor: bigint('threshold_minor', { mode: 'bigint' }).notNull(),
  rewardMinor: bigint('reward_minor', { mode: 'bigint' }).notNull(),
  turnoverPercent: integer('turnover_percent').notNull(),
  minGrade: integer('min_grade').notNull(),
  startAt: bigint('start_at', { mode: 'number' }).notNull(),
  endAt: bigint('end_at', { mode: 'number' }),
  sortOrder: integer('sort_order').notNull(),
  enabled: boolean('enabled').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const activityRewardRate = pgTable(
  'activity_reward_rate',
  {
    activityId: integer('activity_id').notNull(),
    minTurnoverMinor: bigint('min_turnover_minor', { mode: 'bigint' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.minTurnoverMinor] })],
);

export const activityClaim = pgTable(
  'activity_claim',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    activityId: integer('activity_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    periodKey: text('period_key').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.activityId, t.userId, t.periodKey)],
);

export const activityRedPool = pgTable('activity_red_pool', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  title: text('title').notNull(),
  remark: text('remark').notNull(),
  totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
  count: integer('count').notNull(),
  minGrade: integer('min_grade').notNull(),
  turnoverPercent: integer('turnover_percent').notNull(),
  startAt: bigint('start_at', { mode: 'number' }).notNull(),
  endAt: bigint('end_at', { mode: 'number' }).notNull(),
  enabled: boolean('enabled').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const activityRedShare = pgTable(
  'activity_red_share',
  {
    poolId: integer('pool_id').notNull(),
    seq: integer('seq').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    taken: boolean('taken').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.seq] })],
);

export const activityRedGrab = pgTable(
  'activity_red_grab',
  {
    poolId: integer('pool_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.userId] })],
);
