import { type SQL, sql } from 'drizzle-orm';
import { type Executor, pgArray, queryOne, queryRows } from '../../db/sql';

/**
 * Reads of one account's ledger entries for other modules (deposits counted for VIP growth,
 * winnings on a chat card, wagers against a withdrawal's turnover, savings logs). The ledger's
 * tables stay wallet's: callers name an account and a filter, never a column. Each statement is
 * keyed by the account, so it runs on ledger_entry_account_time_idx. Pass the caller's
 * transaction as `db` when the figure must agree with what it writes next.
 */

/** An account by id, or by tenant and code (an account not yet created has no entries). */
export type EntryAccount = number | { tenantId: number; code: string };

export type EntryFilter = {
  account: EntryAccount;
  /** Only these type codes (all when absent). */
  typeCodes?: readonly number[];
  /** created_at in [fromMs, toMs), each bound optional. */
  fromMs?: number;
  toMs?: number;
  /** Only credits (amount > 0). */
  creditsOnly?: boolean;
};

function whereOf(filter: EntryFilter): SQL {
  const account =
    typeof filter.account === 'number'
      ? sql`account_id = ${filter.account}`
      : sql`account_id = (SELECT id FROM wallet_account
          WHERE tenant_id = ${filter.account.tenantId} AND code = ${filter.account.code})`;
  const parts = [account];
  if (filter.typeCodes) parts.push(sql`type_code = ANY(${pgArray(filter.typeCodes)}::int[])`);
  if (filter.fromMs !== undefined) parts.push(sql`created_at >= ${filter.fromMs}`);
  if (filter.toMs !== undefined) parts.push(sql`created_at < ${filter.toMs}`);
  if (filter.creditsOnly) parts.push(sql`amount_minor > 0`);
  return sql.join(parts, sql` AND `);
}

/** How many entries match and the sum of their amounts (signed, minor units). */
export async function entryTotals(
  db: Executor,
  filter: EntryFilter,
): Promise<{ entries: number; sumMinor: bigint }> {
  const row = await queryOne<{ n: number; total: string }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(amount_minor), 0)::text AS total
        FROM ledger_entry WHERE ${whereOf(filter)}`,
  );
  return { entries: Number(row?.n ?? 0), sumMinor: BigInt(row?.total ?? '0') };
}

export type EntryRow = {
  id: string;
  typeCode: number;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  createdAt: number;
};

/** One page of the matching entries, newest first, with the count of all of them. */
export async function entryPage(
  db: Executor,
  filter: EntryFilter,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, count] = await Promise.all([
    queryRows<{
      id: string;
      type_code: number;
      amount_minor: string;
      balance_after_minor: string;
      created_at: string;
    }>(
      db,
      sql`SELECT id::text, type_code, amount_minor::text, balance_after_minor::text, created_at::text
          FROM ledger_entry WHERE ${where} ORDER BY created_at DESC, id DESC
          LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
    ),
    queryOne<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ledger_entry WHERE ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      typeCode: Number(r.type_code),
      amountMinor: BigInt(r.amount_minor),
      balanceAfterMinor: BigInt(r.balance_after_minor),
      createdAt: Number(r.created_at),
    })),
    total: Number(count?.n ?? 0),
  };
}
