import { buildChain, newChainSeed } from '@lottery/rules/fair';
import { sql } from 'drizzle-orm';
import { type Executor, queryOne } from '../../db/sql';
import { ROUNDS_PER_DAY } from './schedule';

/**
 * A room's reverse hash chain per Beijing day (docs/games.md "Fairness"), the lotteries' scheme
 * (modules/draw/chain.ts, rules/fair.ts): s_N random, s_(k-1) = sha256(s_k), head s_0 public from
 * creation; round k of the day (sequence k) is dealt from s_k, revealed when the round settles.
 */

export interface GameChain {
  id: number;
  length: number;
  seedSecret: string;
  head: string;
}

type Row = { id: string; length: number; seed_secret: string; head: string };
const toChain = (r: Row): GameChain => ({
  id: Number(r.id),
  length: Number(r.length),
  seedSecret: r.seed_secret,
  head: r.head,
});

export async function findGameChain(db: Executor, id: number): Promise<GameChain | undefined> {
  const row = await queryOne<Row>(
    db,
    sql`SELECT id::text, length, seed_secret, head FROM game_chain WHERE id = ${id}`,
  );
  return row && toChain(row);
}

/** The room's chain of a day, created when missing; concurrent creators agree on one row. */
export async function ensureGameChain(
  db: Executor,
  tenantId: number,
  gameCode: string,
  businessDate: string,
  nowMs: number,
): Promise<GameChain> {
  const find = () =>
    queryOne<Row>(
      db,
      sql`SELECT id::text, length, seed_secret, head FROM game_chain
          WHERE tenant_id = ${tenantId} AND game_code = ${gameCode} AND business_date = ${businessDate}`,
    );
  const existing = await find();
  if (existing) return toChain(existing);
  const seed = newChainSeed();
  const head = chainOf(seed, ROUNDS_PER_DAY)[0]!;
  await db.execute(
    sql`INSERT INTO game_chain (tenant_id, game_code, business_date, length, seed_secret, head, published_at)
        VALUES (${tenantId}, ${gameCode}, ${businessDate}, ${ROUNDS_PER_DAY}, ${seed}, ${head}, ${nowMs})
        ON CONFLICT (tenant_id, game_code, business_date) DO NOTHING`,
  );
  const row = await find();
  if (!row) throw new Error(`game chain ${gameCode} ${businessDate} vanished`);
  return toChain(row);
}

// 3456 hashes per chain: built once per process and kept (a few chains per room).
const kept = new Map<string, string[]>();
const KEPT_MAX = 64;

function chainOf(seed: string, length: number): string[] {
  let secrets = kept.get(seed);
  if (!secrets) {
    secrets = buildChain(seed, length);
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
    kept.set(seed, secrets);
  }
  return secrets;
}

/** s_k of a chain (s_0 = head). */
export function gameChainSecret(chain: GameChain, k: number): string {
  if (!Number.isInteger(k) || k < 0 || k > chain.length)
    throw new RangeError(`k ${k} outside 0..${chain.length}`);
  const secrets = chainOf(chain.seedSecret, chain.length);
  if (secrets[0] !== chain.head) throw new Error(`game chain ${chain.id}: seed does not give the head`);
  return secrets[k]!;
}
