import type { Db } from '../../db/client';
import { beijingDay, dayStartMs } from './report-period';
import { aggregateDay, firstEntryMs, lastAggregatedDay } from './report-repo';

/**
 * The agent reports' daily aggregates (docs/agent.md "Reports"), run by the scheduler's leader each
 * tick and by hand (jobs/agent-report-daily.ts). Closed Beijing days are aggregated oldest first,
 * from the day after the last aggregated one (or the ledger's first day), each in its own
 * transaction: one INSERT … SELECT … GROUP BY upserted into agent_report_daily, then the day's
 * mark in agent_report_day. Idempotent: a re-run of a day writes the same figures (the ledger is
 * append-only and the day is over). After downtime every missed day is caught up, at most
 * MAX_DAYS_PER_RUN per call. Until a day is marked, reports read it live from the ledger.
 */

/** A day is aggregated this long after its Beijing midnight, so transfers stamped before midnight have committed. */
export const REPORT_GRACE_MS = 60_000;
/** Days one call aggregates at most (the rest next tick). */
export const MAX_DAYS_PER_RUN = 62;

export async function runReportDaily(
  db: Db,
  nowMs: number,
  stillLeader: () => void = () => {},
): Promise<number[]> {
  const lastClosed = beijingDay(nowMs - REPORT_GRACE_MS) - 1;
  const last = await lastAggregatedDay(db);
  let next: number;
  if (last !== undefined) next = last + 1;
  else {
    const first = await firstEntryMs(db);
    if (first === undefined) return [];
    next = beijingDay(first);
  }
  const done: number[] = [];
  for (let day = next; day <= lastClosed && done.length < MAX_DAYS_PER_RUN; day++) {
    stillLeader();
    await db.transaction((tx) => aggregateDay(tx, day, dayStartMs(day), dayStartMs(day + 1), nowMs));
    done.push(day);
  }
  return done;
}
