import type { FastSeedData } from '@lottery/contract/fast-bet';
import { newClientSeed, newServerSeed, serverSeedHash } from '@lottery/rules/instant-draw';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { type Executor, queryOne } from '../../db/sql';

/**
 * A player's instant-round server seeds (table fast_seed, migration 0204). Exactly one active seed
 * per player (revealed_at IS NULL, a partial unique index): its hash is the commitment the player
 * sees before any round uses it. A round locks the active row (FOR UPDATE) and takes its nonce, so
 * rotation (reveal + new seed) and setting the client seed wait for a round in flight, and a
 * revealed seed never draws again.
 */

export type ActiveSeed = {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  /** Extra columns the caller asked for (`extra`). */
  [column: string]: unknown;
};

/** Creates the player's active seed when he has none (a no-op otherwise, also under a race). */
export async function ensureActiveSeed(db: Executor, user: SessionUser, nowMs: number): Promise<void> {
  const seed = newServerSeed();
  await db.execute(
    sql`INSERT INTO fast_seed (tenant_id, user_id, server_seed, server_seed_hash, client_seed, created_at)
        SELECT ${user.tenantId}, ${user.userId}, ${seed}, ${serverSeedHash(seed)},
               coalesce((SELECT client_seed FROM fast_seed WHERE user_id = ${user.userId} ORDER BY id DESC LIMIT 1),
                        ${newClientSeed()}),
               ${nowMs}
        WHERE NOT EXISTS (SELECT 1 FROM fast_seed WHERE user_id = ${user.userId} AND revealed_at IS NULL)
        ON CONFLICT (user_id) WHERE revealed_at IS NULL DO NOTHING`,
  );
}

/** The active seed, locked for the caller's transaction; undefined when the player has none yet. */
export function lockActiveSeed(
  tx: Executor,
  user: SessionUser,
  extra?: SQL,
): Promise<ActiveSeed | undefined> {
  return queryOne<ActiveSeed>(
    tx,
    sql`SELECT s.id::text, s.server_seed, s.server_seed_hash, s.client_seed, s.next_nonce${extra ? sql`, ${extra}` : sql``}
        FROM fast_seed s
        WHERE s.user_id = ${user.userId} AND s.tenant_id = ${user.tenantId} AND s.revealed_at IS NULL
        FOR UPDATE OF s`,
  );
}

/** What the player sees: the commitment of the active seed and the last revealed seed. */
export async function seedView(ctx: AppContext, user: SessionUser): Promise<FastSeedData> {
  await ensureActiveSeed(ctx.db, user, ctx.clock.now());
  const row = await queryOne<{
    hash: string;
    client_seed: string;
    next_nonce: number;
    prev_seed: string | null;
    prev_hash: string | null;
    prev_client: string | null;
    prev_rounds: number | null;
  }>(
    ctx.db,
    sql`SELECT a.server_seed_hash AS hash, a.client_seed, a.next_nonce,
               p.server_seed AS prev_seed, p.server_seed_hash AS prev_hash, p.client_seed AS prev_client,
               p.next_nonce AS prev_rounds
        FROM fast_seed a
        LEFT JOIN LATERAL (SELECT * FROM fast_seed r WHERE r.user_id = a.user_id AND r.revealed_at IS NOT NULL
                           ORDER BY r.id DESC LIMIT 1) p ON true
        WHERE a.user_id = ${user.userId} AND a.tenant_id = ${user.tenantId} AND a.revealed_at IS NULL`,
  );
  if (!row) throw new Error(`no active fast seed for user ${user.userId}`);
  return {
    serverSeedHash: row.hash,
    clientSeed: row.client_seed,
    nextNonce: Number(row.next_nonce),
    previous:
      row.prev_seed === null
        ? null
        : {
            serverSeed: row.prev_seed,
            serverSeedHash: row.prev_hash!,
            clientSeed: row.prev_client!,
            rounds: Number(row.prev_rounds),
          },
  };
}

/** Sets the client seed of the next rounds (the nonce goes on; each round records the seed it used). */
export async function setClientSeed(
  ctx: AppContext,
  user: SessionUser,
  clientSeed: string,
): Promise<FastSeedData> {
  await ensureActiveSeed(ctx.db, user, ctx.clock.now());
  await ctx.db.execute(
    sql`UPDATE fast_seed SET client_seed = ${clientSeed}
        WHERE user_id = ${user.userId} AND tenant_id = ${user.tenantId} AND revealed_at IS NULL`,
  );
  return seedView(ctx, user);
}

/** Reveals the active seed and commits a new one (same client seed), in one transaction. */
export async function rotateSeed(ctx: AppContext, user: SessionUser): Promise<FastSeedData> {
  const nowMs = ctx.clock.now();
  await ensureActiveSeed(ctx.db, user, nowMs);
  await ctx.db.transaction(async (tx) => {
    const active = await lockActiveSeed(tx, user);
    if (!active) return;
    await tx.execute(sql`UPDATE fast_seed SET revealed_at = ${nowMs} WHERE id = ${active.id}`);
    await ensureActiveSeed(tx, user, nowMs);
  });
  return seedView(ctx, user);
}
