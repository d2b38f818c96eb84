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

export async function discoveryDaily(db: Db, nowMs: number): Promise<number> {
  return runDiscoveryDaily(db, nowMs);
}

const invokedDirectly = process.argv[1]?.endsWith('discovery-daily.ts');
if (invokedDirectly) {
  const { systemClock } = await import('../clock');
  const { loadConfig } = await import('../config');
  const { createDb } = await import('../db/client');
  const { migrate } = await import('../db/migrate');
  const config = loadConfig();
  const database = await createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await migrate(database);
    const computed = await discoveryDaily(database.db, systemClock.now());
    console.log(`discovery: ${computed} tenant-day(s) computed`);
  } finally {
    await database.close();
  }
}
