import type { Db } from '../../db/client';
import { type DayResult, runAccrual } from './accrual';
import { runMaturity } from './pledge';

/**
 * The yuebao work of a scheduler tick (run by the leader only, see jobs/scheduler.ts): every
 * tenant's unpaid days of interest, oldest first, then every due pledge order. Both are no-ops
 * when nothing is due, idempotent, and resume after a crash (docs/yuebao.md "Accrual").
 */
export async function runYuebaoDaily(
  db: Db,
  nowMs: number,
  stillLeader: () => void = () => {},
): Promise<{ days: DayResult[]; matured: number; renewed: number }> {
  const days = await runAccrual(db, nowMs, stillLeader);
  const orders = await runMaturity(db, nowMs, 500, stillLeader);
  return { days, ...orders };
}
