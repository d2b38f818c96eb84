import { sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';

export type LedgerAudit = {
  ok: boolean;
  accounts: number;
  transactions: number;
  /** Sum of every account balance (must be 0). */
  balanceSumMinor: bigint;
  /** Sum of every entry (must be 0). */
  entrySumMinor: bigint;
  /** Transactions whose entries do not sum to zero. */
  unbalancedTxnIds: number[];
  /** Accounts whose stored balance differs from the sum of their entries or their last balance-after. */
  driftedAccounts: { accountId: number; code: string; balanceMinor: bigint; entrySumMinor: bigint }[];
  /** Accounts below zero that must not be. */
  negativeAccounts: { accountId: number; code: string; balanceMinor: bigint }[];
};

const LIST_LIMIT = 100;

/** Checks the ledger invariants of DESIGN.md §5 over every account (tenantId null) or one tenant. */
export async function auditLedger(db: Executor, tenantId: number | null = null): Promise<LedgerAudit> {
  const tenantFilter = tenantId === null ? sql`true` : sql`a.tenant_id = ${tenantId}`;
  const totals = await queryOne<{ accounts: string; balance_sum: string; entry_sum: string; txns: string }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM wallet_account a WHERE ${tenantFilter})::text AS accounts,
          (SELECT coalesce(sum(balance_minor), 0) FROM wallet_account a WHERE ${tenantFilter})::text AS balance_sum,
          (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entry e JOIN wallet_account a ON a.id = e.account_id
            WHERE ${tenantFilter})::text AS entry_sum,
          (SELECT count(DISTINCT e.txn_id) FROM ledger_entry e JOIN wallet_account a ON a.id = e.account_id
            WHERE ${tenantFilter})::text AS txns`,
  );
  const unbalanced = await queryRows<{ txn_id: string }>(
    db,
    sql`SELECT e.txn_id::text FROM ledger_entry e JOIN wallet_account a ON a.id = e.account_id
        WHERE ${tenantFilter} GROUP BY e.txn_id HAVING sum(e.amount_minor) <> 0 ORDER BY e.txn_id LIMIT ${LIST_LIMIT}`,
  );
  const drifted = await queryRows<{ id: string; code: string; balance: string; entry_sum: string }>(
    db,
    sql`SELECT a.id::text, a.code, a.balance_minor::text AS balance, coalesce(s.total, 0)::text AS entry_sum
        FROM wallet_account a
        LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_entry GROUP BY account_id) s
          ON s.account_id = a.id
        LEFT JOIN LATERAL (SELECT balance_after_minor FROM ledger_entry le WHERE le.account_id = a.id
          ORDER BY le.id DESC LIMIT 1) last ON true
        WHERE ${tenantFilter}
          AND (a.balance_minor <> coalesce(s.total, 0) OR a.balance_minor <> coalesce(last.balance_after_minor, 0))
        ORDER BY a.id LIMIT ${LIST_LIMIT}`,
  );
  const negative = await queryRows<{ id: string; code: string; balance: string }>(
    db,
    sql`SELECT a.id::text, a.code, a.balance_minor::text AS balance FROM wallet_account a
        WHERE ${tenantFilter} AND NOT a.may_go_negative AND a.balance_minor < 0 ORDER BY a.id LIMIT ${LIST_LIMIT}`,
  );
  const balanceSumMinor = BigInt(totals!.balance_sum);
  const entrySumMinor = BigInt(totals!.entry_sum);
  const audit: LedgerAudit = {
    ok: false,
    accounts: Number(totals!.accounts),
    transactions: Number(totals!.txns),
    balanceSumMinor,
    entrySumMinor,
    unbalancedTxnIds: unbalanced.map((r) => Number(r.txn_id)),
    driftedAccounts: drifted.map((r) => ({
      accountId: Number(r.id),
      code: r.code,
      balanceMinor: BigInt(r.balance),
      entrySumMinor: BigInt(r.entry_sum),
    })),
    negativeAccounts: negative.map((r) => ({
      accountId: Number(r.id),
      code: r.code,
      balanceMinor: BigInt(r.balance),
    })),
  };
  audit.ok =
    balanceSumMinor === 0n &&
    entrySumMinor === 0n &&
    audit.unbalancedTxnIds.length === 0 &&
    audit.driftedAccounts.length === 0 &&
    audit.negativeAccounts.length === 0;
  return audit;
}
