import { bigint, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** Tables of migration 0800 (table games). Repos use SQL; these types document the columns. */

export const gameChain = pgTable('game_chain', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  gameCode: text('game_code').notNull(),
  businessDate: text('business_date').notNull(),
  length: integer('length').notNull(),
  /** s_N: never leaves the server; the chain is rebuilt from it. */
  seedSecret: text('seed_secret').notNull(),
  head: text('head').notNull(),
  publishedAt: bigint('published_at', { mode: 'number' }).notNull(),
});

export const gameRound = pgTable('game_round', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  gameCode: text('game_code').notNull(),
  roundId: text('round_id').notNull(),
  chainId: bigint('chain_id', { mode: 'number' }).notNull(),
  seq: integer('seq').notNull(),
  /** betting | closed | dealt | settled | void */
  state: text('state').notNull(),
  openMs: bigint('open_ms', { mode: 'number' }).notNull(),
  closeMs: bigint('close_ms', { mode: 'number' }).notNull(),
  dealMs: bigint('deal_ms', { mode: 'number' }).notNull(),
  settleMs: bigint('settle_ms', { mode: 'number' }).notNull(),
  /** Spelled result, comma-separated, from the deal on. */
  result: text('result'),
  /** s_k, stored when the round settles (revealed). */
  secret: text('secret'),
  settledAt: bigint('settled_at', { mode: 'number' }),
});

export const gameBet = pgTable('game_bet', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  roundPk: bigint('round_pk', { mode: 'number' }).notNull(),
  gameCode: text('game_code').notNull(),
  roundId: text('round_id').notNull(),
  area: text('area').notNull(),
  stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
  debitMinor: bigint('debit_minor', { mode: 'bigint' }).notNull(),
  returnMinor: bigint('return_minor', { mode: 'bigint' }),
  outcome: text('outcome'),
  /** 0 open, 1 settled, 3 refunded */
  state: smallint('state').notNull(),
  playerAccount: bigint('player_account', { mode: 'number' }).notNull(),
  houseAccount: bigint('house_account', { mode: 'number' }).notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestDigest: text('request_digest').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  settledAt: bigint('settled_at', { mode: 'number' }),
});

export const gameToken = pgTable('game_token', {
  tokenHash: text('token_hash').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  gameCode: text('game_code').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});

/** Migration 0810: table-game rebate rates in basis points (user_id 0 = the tenant default). */
export const gameRebateRate = pgTable('game_rebate_rate', {
  tenantId: integer('tenant_id').notNull(),
  gameCode: text('game_code').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  rateBp: integer('rate_bp').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** Migration 0810: a player's valid turnover in a settled round (packages/rules valid-turnover.ts). */
export const gameTurnover = pgTable('game_turnover', {
  roundPk: bigint('round_pk', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  tenantId: integer('tenant_id').notNull(),
  gameCode: text('game_code').notNull(),
  validMinor: bigint('valid_minor', { mode: 'bigint' }).notNull(),
  settledAt: bigint('settled_at', { mode: 'number' }).notNull(),
});
