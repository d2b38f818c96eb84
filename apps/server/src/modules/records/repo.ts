import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { AccountCodes } from '../wallet/index';

/**
 * SQL of the account records (今日已结, 返水明细). Reads only: bets and ledger entries of one player.
 * Every statement is keyed by the player (bet.user_id, or the player's own wallet account), so
 * another user's rows cannot appear whatever the other filters say.
 */

export type Owner = { tenantId: number; userId: number };
export type Range = { fromMs: number; toMs: number };

/** The player's wallet account, looked up (never created: a player without one has no entries). */
const playerAccountId = (owner: Owner): SQL =>
  sql`(SELECT id FROM wallet_account WHERE tenant_id = ${owner.tenantId} AND code = ${AccountCodes.player(owner.userId)})`;

/**
 * Lottery code and issue a ledger transaction was paid for: settlement names the issue
 * ('issue', 'lotteryCode:issue'); a per-bet credit (fast bet, cancel) names the bet.
 */
const LOTTERY_OF_TXN = sql`CASE WHEN t.related_kind = 'issue' THEN split_part(t.related_id, ':', 1)
  WHEN t.related_kind = 'bet' AND t.related_id ~ '^[0-9]{1,18}$'
    THEN (SELECT b.lottery_code FROM bet b WHERE b.id = t.related_id::bigint) END`;
const ISSUE_OF_TXN = sql`CASE WHEN t.related_kind = 'issue' THEN split_part(t.related_id, ':', 2)
  WHEN t.related_kind = 'bet' AND t.related_id ~ '^[0-9]{1,18}$'
    THEN (SELECT b.issue FROM bet b WHERE b.id = t.related_id::bigint) END`;

/** Settled (won or lost) bets whose settlement fell in the range. Bets exist before they settle. */
const settledWhere = (owner: Owner, range: Range) =>
  sql`user_id = ${owner.userId} AND tenant_id = ${owner.tenantId} AND state IN (1, 2)
      AND settled_at >= ${range.fromMs} AND settled_at < ${range.toMs} AND created_at < ${range.toMs}`;

export type SettledTotalsRow = { lottery_code: string; n: number; stake: string; bonus: string };

export function settledTotalsByLottery(
  db: Executor,
  owner: Owner,
  range: Range,
): Promise<SettledTotalsRow[]> {
  return queryRows<SettledTotalsRow>(
    db,
    sql`SELECT lottery_code, count(*)::int AS n, sum(amount_minor)::text AS stake, sum(bonus_minor)::text AS bonus
        FROM bet WHERE ${settledWhere(owner, range)}
        GROUP BY lottery_code`,
  );
}

export type LedgerSumRow = { lottery_code: string | null; amount: string };

/** Sum of the player's entries of one type code in the range, per lottery they were paid for. */
export function ledgerSumsByLottery(
  db: Executor,
  owner: Owner,
  typeCode: number,
  range: Range,
): Promise<LedgerSumRow[]> {
  return queryRows<LedgerSumRow>(
    db,
    sql`SELECT ${LOTTERY_OF_TXN} AS lottery_code, sum(e.amount_minor)::text AS amount
        FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
        WHERE e.account_id = ${playerAccountId(owner)} AND e.type_code = ${typeCode}
          AND e.created_at >= ${range.fromMs} AND e.created_at < ${range.toMs}
        GROUP BY 1`,
  );
}

export type SettledBetRow = {
  id: string;
  record_code: string;
  lottery_code: string;
  issue: string;
  amount_minor: string;
  bonus_minor: string;
  state: number;
  open_number: string | null;
  settled_at: string;
};

export async function settledBets(
  db: Executor,
  owner: Owner,
  range: Range,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: SettledBetRow[]; total: number }> {
  const where = settledWhere(owner, range);
  const rows = await queryRows<SettledBetRow>(
    db,
    sql`SELECT id::text, record_code, lottery_code, issue, amount_minor::text, bonus_minor::text, state,
               open_number, settled_at::text
        FROM bet WHERE ${where}
        ORDER BY settled_at DESC, id DESC
        LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
  );
  const total = await queryOne<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM bet WHERE ${where}`);
  return { rows, total: total?.n ?? 0 };
}

export type WaterRow = {
  id: string;
  type_code: number;
  amount_minor: string;
  lottery_code: string | null;
  issue: string | null;
  remark: string | null;
  created_at: string;
};

/**
 * The player's rebate credits of the range, newest first (the ledger's own order, entry id), and
 * per-type counts and sums over all of `typeCodes` (not only the page's filter).
 */
export async function waterEntries(
  db: Executor,
  owner: Owner,
  range: Range,
  typeCodes: readonly number[],
  filterCodes: readonly number[],
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: WaterRow[]; total: number; byType: { type_code: number; n: number; amount: string }[] }> {
  const base = sql`e.account_id = ${playerAccountId(owner)}
    AND e.created_at >= ${range.fromMs} AND e.created_at < ${range.toMs}`;
  const codes = (list: readonly number[]) =>
    sql.join(
      list.map((c) => sql`${c}`),
      sql`, `,
    );
  const where = sql`${base} AND e.type_code IN (${codes(filterCodes)})`;
  const rows = await queryRows<WaterRow>(
    db,
    sql`SELECT e.id::text, e.type_code, e.amount_minor::text, ${LOTTERY_OF_TXN} AS lottery_code,
               ${ISSUE_OF_TXN} AS issue, t.remark, e.created_at::text
        FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
        WHERE ${where}
        ORDER BY e.id DESC
        LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
  );
  const byType = await queryRows<{ type_code: number; n: number; amount: string }>(
    db,
    sql`SELECT e.type_code, count(*)::int AS n, sum(e.amount_minor)::text AS amount
        FROM ledger_entry e WHERE ${base} AND e.type_code IN (${codes(typeCodes)})
        GROUP BY e.type_code`,
  );
  const total = byType
    .filter((t) => filterCodes.includes(Number(t.type_code)))
    .reduce((n, t) => n + Number(t.n), 0);
  return { rows, total, byType };
}
