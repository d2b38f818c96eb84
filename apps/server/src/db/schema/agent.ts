import { bigint, boolean, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

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
