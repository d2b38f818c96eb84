import { bigint, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/** Drizzle view of the agent team tree (migration 0700, docs/adr/0700-agent-tree.md). */

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
