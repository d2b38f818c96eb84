import { sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { entryTotals } from '../wallet/index';

/**
 * Ledger codes that count as wagering (bets, chase bets) and their refunds. Table games (308 debits,
 * 221 refunds) count their valid turnover instead (game_turnover: opposite areas cancel, pushes and
 * refunds excluded, docs/games.md), so a hedge does not clear a requirement.
 */
export const WAGER_CODES = [302, 307] as const;
export const WAGER_REFUND_CODES = [202, 203, 210, 213] as const;

export type FlowRequirement = {
  sourceKind: string;
  sourceId: string;
  depositMinor: bigint;
  requiredMinor: bigint;
  doneMinor: bigint;
  createdAt: number;
};

export type TurnoverStatus = {
  requiredMinor: bigint;
  doneMinor: bigint;
  remainingMinor: bigint;
  rows: FlowRequirement[];
};

/**
 * getWithdrawLimitFlowList: deposits since the player's last withdrawal request must be wagered
 * (turnover_percent of each) before the next one. Wagering is read from the ledger (net of bet
 * refunds) from the first open requirement on, and filled into requirements oldest first.
 */
export async function turnoverStatus(
  db: Executor,
  userId: number,
  playerAccountId: number,
): Promise<TurnoverStatus> {
  const last = await queryOne<{ at: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS at FROM withdraw_order WHERE user_id = ${userId} AND status <> 'rejected'`,
  );
  const sinceMs = last?.at ? Number(last.at) : -1;
  const reqs = await queryRows<{
    source_kind: string;
    source_id: string;
    deposit_minor: string;
    required_minor: string;
    created_at: string;
  }>(
    db,
    sql`SELECT source_kind, source_id, deposit_minor::text, required_minor::text, created_at::text
        FROM withdraw_flow_requirement WHERE user_id = ${userId} AND created_at > ${sinceMs}
        ORDER BY created_at, id LIMIT 500`,
  );
  if (reqs.length === 0) return { requiredMinor: 0n, doneMinor: 0n, remainingMinor: 0n, rows: [] };
  const from = Number(reqs[0]!.created_at);
  const lottery = await entryTotals(db, {
    account: playerAccountId,
    fromMs: from,
    typeCodes: [...WAGER_CODES, ...WAGER_REFUND_CODES],
  });
  const games = await queryOne<{ games: string }>(
    db,
    sql`SELECT coalesce(sum(valid_minor), 0)::text AS games FROM game_turnover
        WHERE user_id = ${userId} AND settled_at >= ${from}`,
  );
  // Wagers are debits: the lottery turnover is the negated sum (refunds give some back).
  const wageredMinor = -lottery.sumMinor;
  let pool = (wageredMinor > 0n ? wageredMinor : 0n) + BigInt(games!.games);
  if (pool < 0n) pool = 0n;
  const totalDone = pool;
  let requiredMinor = 0n;
  const rows = reqs.map((r) => {
    const required = BigInt(r.required_minor);
    requiredMinor += required;
    const done = pool >= required ? required : pool;
    pool -= done;
    return {
      sourceKind: r.source_kind,
      sourceId: r.source_id,
      depositMinor: BigInt(r.deposit_minor),
      requiredMinor: required,
      doneMinor: done,
      createdAt: Number(r.created_at),
    };
  });
  const doneMinor = totalDone > requiredMinor ? requiredMinor : totalDone;
  return { requiredMinor, doneMinor, remainingMinor: requiredMinor - doneMinor, rows };
}

/** Records a withdrawal turnover requirement (an activity's bonus), in the caller's transaction. */
export async function insertTurnoverRequirement(
  db: Executor,
  row: {
    userId: number;
    sourceKind: string;
    sourceId: string;
    amountMinor: bigint;
    requiredMinor: bigint;
    nowMs: number;
  },
): Promise<void> {
  if (row.requiredMinor <= 0n) return;
  await db.execute(sql`
    INSERT INTO withdraw_flow_requirement (user_id, source_kind, source_id, deposit_minor, required_minor, created_at)
    VALUES (${row.userId}, ${row.sourceKind}, ${row.sourceId}, ${row.amountMinor}, ${row.requiredMinor}, ${row.nowMs})
    ON CONFLICT (source_kind, source_id) DO NOTHING`);
}
