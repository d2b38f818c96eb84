/**
 * Daily discovery lists (docs/discovery.md): yesterday's profit list and winners of every tenant,
 * computed once per Beijing day from the ledger and the bets and stored (migration 0500). Idempotent
 * and safe to race: each tenant-day is claimed inside the transaction that writes it.
 *
 * Run by the scheduler's leader each tick (a no-op once the day exists), or by hand:
 *   npx tsx apps/server/src/jobs/discovery-daily.ts
 */
import type { Db } from '../db/client';
import { runDiscoveryDaily } from '../modules/discovery/index';
import { runByHand } from './by-hand';

export async function discoveryDaily(db: Db, nowMs: number): Promise<number> {
  return runDiscoveryDaily(db, nowMs);
}

await runByHand(
  'discovery-daily.ts',
  discoveryDaily,
  (computed) => `discovery: ${computed} tenant-day(s) computed`,
);
