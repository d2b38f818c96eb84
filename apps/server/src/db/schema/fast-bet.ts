import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Tables of migration 0204 (fast bet's instant rounds). Repos use SQL; these types document the columns. */

export const fastSeed = pgTable('fast_seed', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** Secret until revealed_at is set. */
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nextNonce: integer('next_nonce').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  revealedAt: bigint('revealed_at', { mode: 'number' }),
});

export const fastRound = pgTable('fast_round', {
  betId: bigint('bet_id', { mode: 'number' }).primaryKey(),
  seedId: bigint('seed_id', { mode: 'number' }).notNull(),
  nonce: integer('nonce').notNull(),
  clientSeed: text('client_seed').notNull(),
  numbers: text('numbers').notNull(),
});
