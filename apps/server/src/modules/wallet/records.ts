import { formatMoney } from '@lottery/contract/money';
import { TRANSACTION_TYPES, type TransactionRecord } from '@lottery/contract/wallet';
import { sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';

export type RecordFilter = {
  accountId: number;
  fromMs: number;
  toMs: number;
  /** 0 = all; 1-6 = a group (hundreds digit); ≥ 101 = one type code. */
  type: number;
};

function typeCondition(type: number) {
  if (type === 0) return sql`true`;
  if (type >= 1 && type <= 9) return sql`e.type_code BETWEEN ${type * 100} AND ${type * 100 + 99}`;
  return sql`e.type_code = ${type}`;
}

type Row = {
  id: string;
  type_code: number;
  amount_minor: string;
  balance_after_minor: string;
  related_kind: string | null;
  related_id: string | null;
  remark: string | null;
  created_at: string;
};

/**
 * balance/getTransactionRecordsFront: the player's ledger entries, newest first, with totals.
 * "Newest" is the ledger's own sequence (entry id), not the request time in created_at: an entry
 * is written while its account row is locked (ledger.ts), so one account's entry ids follow the
 * order its balance changed, and the first row's balance-after is the balance even when a bet
 * that arrived earlier committed later. created_at only selects the period.
 */
export async function transactionRecords(
  db: Executor,
  filter: RecordFilter,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: TransactionRecord[]; total: number; incomeMinor: bigint; expenseMinor: bigint }> {
  const where = sql`e.account_id = ${filter.accountId} AND e.created_at >= ${filter.fromMs}
    AND e.created_at < ${filter.toMs} AND ${typeCondition(filter.type)}`;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT e.id::text, e.type_code, e.amount_minor::text, e.balance_after_minor::text, t.related_kind,
          t.related_id, t.remark, e.created_at::text
        FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
        WHERE ${where}
        ORDER BY e.id DESC
        LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
  );
  const totals = await queryOne<{ n: number; income: string; expense: string }>(
    db,
    sql`SELECT count(*)::int AS n,
          coalesce(sum(amount_minor) FILTER (WHERE amount_minor > 0), 0)::text AS income,
          coalesce(-sum(amount_minor) FILTER (WHERE amount_minor < 0), 0)::text AS expense
        FROM ledger_entry e WHERE ${where}`,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      typeCode: r.type_code,
      typeName: TRANSACTION_TYPES[r.type_code as keyof typeof TRANSACTION_TYPES] ?? String(r.type_code),
      amount: formatMoney(BigInt(r.amount_minor)),
      balanceAfter: formatMoney(BigInt(r.balance_after_minor)),
      relatedKind: r.related_kind,
      relatedId: r.related_id,
      remark: r.remark,
      createdAt: Number(r.created_at),
    })),
    total: totals?.n ?? 0,
    incomeMinor: BigInt(totals?.income ?? '0'),
    expenseMinor: BigInt(totals?.expense ?? '0'),
  };
}
