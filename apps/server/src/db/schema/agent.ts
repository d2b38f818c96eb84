import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the agent team tree and report aggregates (migrations 0700, 0701, docs/agent.md). */

/** Closure table: every (ancestor, descendant) pair with its distance; depth 0 is a user itself. */
export const agentTree = pgTable(
  'agent_tree',
  {
    ancestorId: bigint('ancestor_id', { mode: 'number' }).notNull(),
    descendantId: bigint('descendant_id', { mode: 'number' }).notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.descendantId] })],
);

/** One user's report figures of one Beijing day (day = days since 1970-01-01, UTC+8). */
export const agentReportDaily = pgTable(
  'agent_report_daily',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' }).notNull().default(0n),
    withdrawMinor: bigint('withdraw_minor', { mode: 'bigint' }).notNull().default(0n),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull().default(0n),
    winMinor: bigint('win_minor', { mode: 'bigint' }).notNull().default(0n),
    rebateMinor: bigint('rebate_minor', { mode: 'bigint' }).notNull().default(0n),
    activityMinor: bigint('activity_minor', { mode: 'bigint' }).notNull().default(0n),
    betCount: integer('bet_count').notNull().default(0),
    firstDeposit: boolean('first_deposit').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The days the report job has aggregated. */
export const agentReportDay = pgTable('agent_report_day', {
  day: integer('day').primaryKey(),
  users: integer('users').notNull(),
  computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
});

/** Everyone below one ancestor, per Beijing day: the rollup of agent_report_daily (migration 0703). */
export const agentTeamDaily = pgTable(
  'agent_team_daily',
  {
    ancestorId: bigint('ancestor_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' }).notNull().default(0n),
    withdrawMinor: bigint('withdraw_minor', { mode: 'bigint' }).notNull().default(0n),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull().default(0n),
    winMinor: bigint('win_minor', { mode: 'bigint' }).notNull().default(0n),
    rebateMinor: bigint('rebate_minor', { mode: 'bigint' }).notNull().default(0n),
    activityMinor: bigint('activity_minor', { mode: 'bigint' }).notNull().default(0n),
    firstDeposits: integer('first_deposits').notNull().default(0),
    bettors: integer('bettors').array().notNull().default([]),
    newMembers: integer('new_members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day] })],
);

/** The days whose team rollup matches the current tree (a move deletes them all). */
export const agentTeamDay = pgTable('agent_team_day', {
  day: integer('day').primaryKey(),
  computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
});

/** Today's per-user rows cover the ledger up to upto_ms; the rest of the day is read live. */
export const agentReportFold = pgTable('agent_report_fold', {
  day: integer('day').primaryKey(),
  uptoMs: bigint('upto_ms', { mode: 'number' }).notNull(),
  computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
});

/** One row: re-parentings so far; the lock a rollup and a move take in turn. */
export const agentTeamState = pgTable('agent_team_state', {
  id: boolean('id').primaryKey().default(true),
  moves: bigint('moves', { mode: 'number' }).notNull().default(0),
});

/** Per user, day placed and lottery: sums of the bets of a sealed day (migration 0704). */
export const agentBetDaily = pgTable(
  'agent_bet_daily',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    lotteryCode: text('lottery_code').notNull(),
    bets: integer('bets').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.lotteryCode] })],
);

/** Everyone below one ancestor, per day placed and lottery: the rollup of agent_bet_daily. */
export const agentTeamBetDaily = pgTable(
  'agent_team_bet_daily',
  {
    ancestorId: bigint('ancestor_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    lotteryCode: text('lottery_code').notNull(),
    bets: integer('bets').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day, t.lotteryCode] })],
);

/** The sealed days: every bet final, both tables written, the rollup matching the tree. */
export const agentBetDay = pgTable('agent_bet_day', {
  day: integer('day').primaryKey(),
  computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
});
