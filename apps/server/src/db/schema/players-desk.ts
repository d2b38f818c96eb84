import { bigint, bigserial, pgTable, text } from 'drizzle-orm/pg-core';

/** Drizzle view of the players desk's notes (migration 1030): append-only, staff on a player. */
export const playerNote = pgTable('player_note', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  staffAccount: text('staff_account').notNull(),
  body: text('body').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
