import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';

/**
 * SQL of discovery (docs/discovery.md). The daily lists are written once per tenant and Beijing day
 * (computeDay) and read from their tables; only the newest wins are read live, bounded by a limit
 * and a 24-hour window over a partial index (bet_tenant_recent_win_idx).
 */

/** Ledger codes of a player's net lottery result: stakes, refunds of stakes, winnings, bet rebate. */
export const PROFIT_TYPE_CODES = [302, 307, 202, 203, 210, 213, 205, 209, 501] as const;

/** Accounts of the test group (grade -1) never appear in public lists. */
const LISTED_USER = sql`u.grade <> -1`;

export type PlayerCols = { user_id: number; user_name: string; nick_name: string; avatar: string };

export type NewestWinRow = PlayerCols & {
  lottery_code: string;
  issue: string;
  bonus_minor: string;
  settled_at: string;
};

export function newestWins(db: Executor, tenantId: number, sinceMs: number, limit: number) {
  return queryRows<NewestWinRow>(
    db,
    sql`SELECT b.user_id::int, u.user_name, u.nick_name, u.avatar, b.lottery_code, b.issue,
               b.bonus_minor::text, b.settled_at::text
        FROM bet b JOIN users u ON u.id = b.user_id
        WHERE b.tenant_id = ${tenantId} AND b.state = 1 AND b.settled_at >= ${sinceMs} AND ${LISTED_USER}
        ORDER BY b.settled_at DESC, b.id DESC
        LIMIT ${limit}`,
  );
}

export function dayComputedAt(db: Executor, tenantId: number, dayStart: number) {
  return queryOne<{ computed_at: string }>(
    db,
    sql`SELECT computed_at::text FROM discovery_day WHERE tenant_id = ${tenantId} AND day_start = ${dayStart}`,
  );
}

/**
 * Computes one tenant's lists of the day [dayStart, dayStart + 24 h) and stores them, once: the
 * marker row is claimed first (ON CONFLICT DO NOTHING) in the same transaction as the rows, so a
 * concurrent or repeated run changes nothing and a crash leaves no half list. True if this call
 * computed the day.
 */
export async function computeDay(
  db: Db,
  tenantId: number,
  dayStart: number,
  nowMs: number,
  limit: number,
): Promise<boolean> {
  const dayEnd = dayStart + 24 * 60 * 60 * 1000;
  const codes = sql.join(
    PROFIT_TYPE_CODES.map((c) => sql`${c}`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    const claimed = await queryOne<{ tenant_id: number }>(
      tx,
      sql`INSERT INTO discovery_day (tenant_id, day_start, computed_at) VALUES (${tenantId}, ${dayStart}, ${nowMs})
          ON CONFLICT DO NOTHING RETURNING tenant_id`,
    );
    if (!claimed) return false;
    await tx.execute(sql`INSERT INTO discovery_profit_rank (tenant_id, day_start, rank, user_id, profit_minor)
      SELECT ${tenantId}, ${dayStart}, row_number() OVER (ORDER BY p.profit DESC, p.user_id), p.user_id, p.profit
      FROM (
        SELECT u.id AS user_id, sum(e.amount_minor) AS profit
        FROM wallet_account a
        JOIN users u ON a.code = 'player:' || u.id AND u.tenant_id = ${tenantId}
        JOIN ledger_entry e ON e.account_id = a.id
        WHERE a.tenant_id = ${tenantId} AND a.code LIKE 'player:%' AND ${LISTED_USER}
          AND e.created_at >= ${dayStart} AND e.created_at < ${dayEnd} AND e.type_code IN (${codes})
        GROUP BY u.id
        HAVING sum(e.amount_minor) > 0
        ORDER BY profit DESC, u.id
        LIMIT ${limit}
      ) p`);
    await tx.execute(sql`INSERT INTO discovery_winner
        (tenant_id, day_start, rank, user_id, bet_id, lottery_code, issue, bonus_minor)
      SELECT ${tenantId}, ${dayStart}, row_number() OVER (ORDER BY w.bonus_minor DESC, w.settled_at, w.id),
             w.user_id, w.id, w.lottery_code, w.issue, w.bonus_minor
      FROM (
        SELECT b.id, b.user_id, b.lottery_code, b.issue, b.bonus_minor, b.settled_at
        FROM bet b JOIN users u ON u.id = b.user_id
        WHERE b.tenant_id = ${tenantId} AND b.state = 1 AND b.bonus_minor > 0 AND ${LISTED_USER}
          AND b.settled_at >= ${dayStart} AND b.settled_at < ${dayEnd}
        ORDER BY b.bonus_minor DESC, b.settled_at, b.id
        LIMIT ${limit}
      ) w`);
    return true;
  });
}

export type ProfitRow = PlayerCols & { rank: number; profit_minor: string };

export function profitRank(db: Executor, tenantId: number, dayStart: number) {
  return queryRows<ProfitRow>(
    db,
    sql`SELECT r.rank::int, r.user_id::int, u.user_name, u.nick_name, u.avatar, r.profit_minor::text
        FROM discovery_profit_rank r JOIN users u ON u.id = r.user_id
        WHERE r.tenant_id = ${tenantId} AND r.day_start = ${dayStart} ORDER BY r.rank`,
  );
}

export type WinnerDbRow = PlayerCols & {
  rank: number;
  lottery_code: string;
  issue: string;
  bonus_minor: string;
};

export function winners(db: Executor, tenantId: number, dayStart: number) {
  return queryRows<WinnerDbRow>(
    db,
    sql`SELECT w.rank::int, w.user_id::int, u.user_name, u.nick_name, u.avatar, w.lottery_code, w.issue,
               w.bonus_minor::text
        FROM discovery_winner w JOIN users u ON u.id = w.user_id
        WHERE w.tenant_id = ${tenantId} AND w.day_start = ${dayStart} ORDER BY w.rank`,
  );
}

export async function tenantIds(db: Executor): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id::int FROM tenants ORDER BY id`);
  return rows.map((r) => r.id);
}
