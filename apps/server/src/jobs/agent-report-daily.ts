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
import { runByHand } from './by-hand';

export async function agentReportDaily(db: Db, nowMs: number): Promise<number[]> {
  return runAgentReportDaily(db, nowMs);
}

await runByHand(
  'agent-report-daily.ts',
  agentReportDaily,
  (days) => `agent reports: ${days.length} day(s) aggregated`,
);
