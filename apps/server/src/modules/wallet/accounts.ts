import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne } from '../../db/sql';

export type AccountKind = 'player' | 'escrow' | 'house' | 'clearing' | 'savings';

/** Account names inside a tenant. */
export const AccountCodes = {
  player: (userId: number) => `player:${userId}`,
  withdrawEscrow: (userId: number) => `escrow:withdraw:${userId}`,
  /** shard 0 is plain 'house' */
  house: (shard = 0) => (shard === 0 ? 'house' : `house:${shard}`),
  clearing: (provider: string) => `clearing:${provider}`,
} as const;

type AccountSpec = { tenantId: number; code: string; kind: AccountKind; userId: number | null };

// Account ids never change once created, so they are cached per process.
const idCache = new Map<string, number>();
const ID_CACHE_MAX = 100_000;

/**
 * Id of the named account, creating it on first use (concurrent first uses agree on one row).
 * Takes the root database, never a transaction: the row commits on its own, so a cached id can
 * never point at a row a rolled-back transaction created.
 */
export async function accountId(db: Db, spec: AccountSpec): Promise<number> {
  const cacheKey = `${spec.tenantId}:${spec.code}`;
  const cached = idCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const mayGoNegative = spec.kind === 'house' || spec.kind === 'clearing';
  const row =
    (await queryOne<{ id: string }>(
      db,
      sql`SELECT id::text FROM wallet_account WHERE tenant_id = ${spec.tenantId} AND code = ${spec.code}`,
    )) ??
    (await queryOne<{ id: string }>(
      db,
      sql`INSERT INTO wallet_account (tenant_id, kind, user_id, code, may_go_negative, created_at)
          VALUES (${spec.tenantId}, ${spec.kind}, ${spec.userId}, ${spec.code}, ${mayGoNegative}, ${Date.now()})
          ON CONFLICT (tenant_id, code) DO UPDATE SET code = EXCLUDED.code
          RETURNING id::text`,
    ));
  const id = Number(row!.id);
  if (idCache.size >= ID_CACHE_MAX) idCache.clear();
  idCache.set(cacheKey, id);
  return id;
}

/** Forget cached ids (tests that drop and recreate schemas). */
export function clearAccountIdCache(): void {
  idCache.clear();
}

export const playerAccount = (db: Db, tenantId: number, userId: number) =>
  accountId(db, { tenantId, userId, code: AccountCodes.player(userId), kind: 'player' });

export const withdrawEscrowAccount = (db: Db, tenantId: number, userId: number) =>
  accountId(db, { tenantId, userId, code: AccountCodes.withdrawEscrow(userId), kind: 'escrow' });

/**
 * The house is split into HOUSE_SHARDS accounts so transfers of different players do not all
 * queue on one row lock; pass the player's user id to pick its shard. The house balance is the
 * sum of the shards.
 */
export const HOUSE_SHARDS = 16;
export const houseAccount = (db: Db, tenantId: number, userId = 0) =>
  accountId(db, {
    tenantId,
    userId: null,
    code: AccountCodes.house(Math.abs(userId) % HOUSE_SHARDS),
    kind: 'house',
  });

export const clearingAccount = (db: Db, tenantId: number, provider: string) =>
  accountId(db, { tenantId, userId: null, code: AccountCodes.clearing(provider), kind: 'clearing' });

/** Current balance of an account (0 when it does not exist yet). */
export async function balanceOf(db: Executor, tenantId: number, code: string): Promise<bigint> {
  const row = await queryOne<{ balance: string }>(
    db,
    sql`SELECT balance_minor::text AS balance FROM wallet_account WHERE tenant_id = ${tenantId} AND code = ${code}`,
  );
  return row ? BigInt(row.balance) : 0n;
}
