/**
 * Daily figures of the agent reports (docs/agent.md "Reports"): every closed Beijing day not yet
 * aggregated, oldest first, one set-based statement per day (modules/agent/report-daily.ts).
 * Idempotent per day; catches up after downtime.
 *
 * Run by the scheduler's leader each tick (a no-op once yesterday is aggregated), or by hand:
 *   npx tsx apps/server/src/jobs/agent-report-daily.ts
 */
import type { Db } from '../db/client';
import { runAgentReportDaily } from '../modules/agent/index';

export async function agentReportDaily(db: Db, nowMs: number): Promise<number[]> {
  return runAgentReportDaily(db, nowMs);
}

const invokedDirectly = process.argv[1]?.endsWith('agent-report-daily.ts');
if (invokedDirectly) {
  const { systemClock } = await import('../clock');
  const { loadConfig } = await import('../config');
  const { createDb } = await import('../db/client');
  const { migrate } = await import('../db/migrate');
  const config = loadConfig();
  const database = await createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await migrate(database);
    const days = await agentReportDaily(database.db, systemClock.now());
    console.log(`agent reports: ${days.length} day(s) aggregated`);
  } finally {
    await database.close();
  }
}
