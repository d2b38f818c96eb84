import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beijingDay, dayStartMs } from './report-period';
import {
  daysWithoutRollup,
  firstEntryMs,
  foldOf,
  lastAggregatedDay,
  markDay,
  markFold,
  rollupDay,
  sealBetDay,
  unsealedBetDays,
  writeUserDay,
} from './report-repo';

/**
 * The agent reports' aggregates (docs/agent.md "Reports", ADR 0701 and 0703), run by the
 * scheduler's leader each tick and by hand (jobs/agent-report-daily.ts). Three steps, each day its
 * own transaction:
 *
 * 1. Closed Beijing days, oldest first, from the day after the last aggregated one (or the ledger's
 *    first day): the day's per-user rows (agent_report_daily, one INSERT … SELECT … GROUP BY), its
 *    mark (agent_report_day), and for the days a report can still ask for (ROLLUP_DAYS) the team
 *    rollup (agent_team_daily per ancestor) with its mark. Aggregating a day ends its fold.
 * 2. Days without a rollup in that window (a move in the tree deleted the marks, or the install
 *    predates 0703): rolled up again from their per-user rows, newest first.
 * 3. Team bet sums (ADR 0704): each closed day of that window not sealed yet whose bets are all
 *    final gets its per-user-and-lottery bet sums, their team rollup and its mark (agent_bet_day);
 *    a day with a bet still pending waits for a later tick (reports read it live meanwhile).
 * 4. Today, folded: every FOLD_EVERY_MS the per-user rows of today are rewritten from the ledger up
 *    to a watermark REPORT_GRACE_MS before now, with their rollup, so reports read only the entries
 *    after the watermark live. The fold recomputes from midnight each time, so an entry stamped
 *    before the watermark but committed after a fold is counted by the next one.
 *
 * Idempotent: a re-run writes the same figures. Until a day is marked, reports read it live from
 * the ledger; until its rollup is marked, from the per-user rows: a lagging job only costs speed.
 */

/** A day is aggregated (and today folded up to) this long before now, so transfers stamped earlier have committed. */
export const REPORT_GRACE_MS = 60_000;
/** Days one call aggregates (or rolls up) at most (the rest next tick). */
export const MAX_DAYS_PER_RUN = 62;
/** Days before today whose team rollup is kept: the oldest day any report period reaches (last month's 1st). */
export const ROLLUP_DAYS = 62;
/** Today's rows are folded again once the watermark is this old. */
export const FOLD_EVERY_MS = 5 * 60_000;

/** Days written while catching up after which the per-user rows are analysed before a rollup. */
const ANALYZE_AFTER_DAYS = 7;

export async function runReportDaily(
  db: Db,
  nowMs: number,
  stillLeader: () => void = () => {},
): Promise<number[]> {
  const safeMs = nowMs - REPORT_GRACE_MS;
  const today = beijingDay(safeMs);
  const lastClosed = today - 1;
  const rollupFrom = beijingDay(nowMs) - ROLLUP_DAYS;
  const last = await lastAggregatedDay(db);
  let next: number;
  if (last !== undefined) next = last + 1;
  else {
    const first = await firstEntryMs(db);
    if (first === undefined) return [];
    next = beijingDay(first);
  }
  const done: number[] = [];
  // catching up on several days: analyse before the first rollup, then every few days
  let unanalysed = lastClosed > next ? ANALYZE_AFTER_DAYS - 1 : 0;
  for (let day = next; day <= lastClosed && done.length < MAX_DAYS_PER_RUN; day++) {
    stillLeader();
    await db.transaction(async (tx) => {
      const users = await writeUserDay(tx, dayStartMs(day), dayStartMs(day + 1));
      await markDay(tx, day, users, nowMs);
      unanalysed++;
      if (day >= rollupFrom) {
        // the rollup's plan needs statistics that count the days just written: without them
        // (autovacuum lags a bulk catch-up, or is off) a day of a 100,000-member team took over
        // 10 s instead of a fraction of one (docs/bench.md, agent)
        if (unanalysed >= ANALYZE_AFTER_DAYS) {
          await tx.execute(sql`ANALYZE agent_report_daily`);
          unanalysed = 0;
        }
        await rollupDay(tx, day, nowMs);
      }
    });
    done.push(day);
  }
  if (done.length === MAX_DAYS_PER_RUN) return done;

  for (const day of (await daysWithoutRollup(db, rollupFrom, today)).slice(0, MAX_DAYS_PER_RUN)) {
    stillLeader();
    await db.transaction((tx) => rollupDay(tx, day, nowMs));
  }

  // team bet sums (ADR 0704): closed days of the window whose bets are all final, newest first
  const unsealed = (await unsealedBetDays(db, rollupFrom, lastClosed)).reverse();
  for (const day of unsealed.slice(0, MAX_DAYS_PER_RUN)) {
    stillLeader();
    await db.transaction((tx) => sealBetDay(tx, day, dayStartMs(day), dayStartMs(day + 1), nowMs));
  }

  const folded = await foldOf(db, today);
  if (safeMs > dayStartMs(today) && (folded === undefined || safeMs - folded >= FOLD_EVERY_MS)) {
    stillLeader();
    await db.transaction(async (tx) => {
      await writeUserDay(tx, dayStartMs(today), safeMs);
      await markFold(tx, today, safeMs, nowMs);
      await rollupDay(tx, today, nowMs, safeMs);
    });
  }
  return done;
}
