import { Codes } from '@lottery/contract/codes';
import { isTransactionTypeCode } from '@lottery/contract/wallet';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';
import { LedgerInvariantError, type TransferInput } from './ledger';

/**
 * Many transfers in a few set statements, inside the caller's transaction (settlement of a whole
 * issue). Same guarantees as postTransferIn: each transfer balances, has its own idempotency key
 * (a key already applied is skipped, so a re-run changes nothing), accounts are locked in the
 * ledger's fixed order (floor-checked accounts, then counterparties, each by id), and a
 * non-negative account never goes below zero (the whole batch is refused instead).
 * Entries of one account get consecutive balance-after values in input order.
 */

export type BatchResult = { applied: number; skipped: number };

/** Upper bound per call; callers chunk larger batches. */
export const MAX_BATCH_TRANSFERS = 50_000;

function check(transfers: readonly TransferInput[]): void {
  if (transfers.length > MAX_BATCH_TRANSFERS) throw new LedgerInvariantError('batch too large');
  const keys = new Set<string>();
  for (const t of transfers) {
    if (t.idempotencyKey.length < 1 || t.idempotencyKey.length > 200) {
      throw new LedgerInvariantError('idempotency key must be 1-200 characters');
    }
    if (keys.has(t.idempotencyKey))
      throw new LedgerInvariantError(`key ${t.idempotencyKey} twice in a batch`);
    keys.add(t.idempotencyKey);
    if (!isTransactionTypeCode(t.typeCode)) throw new LedgerInvariantError(`unknown type code ${t.typeCode}`);
    if (t.lines.length < 2) throw new LedgerInvariantError('a transfer has at least 2 lines');
    const seen = new Set<number>();
    let sum = 0n;
    for (const line of t.lines) {
      if (seen.has(line.accountId))
        throw new LedgerInvariantError('an account appears twice in one transfer');
      seen.add(line.accountId);
      if (line.amountMinor === 0n) throw new LedgerInvariantError('zero-amount line');
      sum += line.amountMinor;
    }
    if (sum !== 0n) throw new LedgerInvariantError(`entries of ${t.idempotencyKey} sum to ${sum}, not zero`);
  }
}

const textArray = (values: readonly (string | null)[]): string =>
  JSON.stringify(values).replace(/^\[/, '{').replace(/\]$/, '}');

export async function postTransferBatchIn(
  tx: Executor,
  transfers: readonly TransferInput[],
  nowMs: number,
): Promise<BatchResult> {
  check(transfers);
  if (transfers.length === 0) return { applied: 0, skipped: 0 };
  // 1. Claim the keys; only the newly inserted ones are applied.
  const claimed = await queryRows<{ id: string; idempotency_key: string }>(
    tx,
    sql`INSERT INTO ledger_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at)
        SELECT k, t, rk, ri, rm, ${nowMs}
        FROM unnest(${textArray(transfers.map((t) => t.idempotencyKey))}::text[],
                    ${`{${transfers.map((t) => t.typeCode).join(',')}}`}::int[],
                    ${textArray(transfers.map((t) => t.related?.kind ?? null))}::text[],
                    ${textArray(transfers.map((t) => t.related?.id ?? null))}::text[],
                    ${textArray(transfers.map((t) => t.remark ?? null))}::text[]) AS x(k, t, rk, ri, rm)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id::text, idempotency_key`,
  );
  if (claimed.length === 0) return { applied: 0, skipped: transfers.length };
  const txnIdByKey = new Map(claimed.map((r) => [r.idempotency_key, r.id]));

  // 2. Flatten the applied transfers' lines in input order.
  const txnIds: string[] = [];
  const accountIds: number[] = [];
  const amounts: bigint[] = [];
  const types: number[] = [];
  for (const t of transfers) {
    const txnId = txnIdByKey.get(t.idempotencyKey);
    if (txnId === undefined) continue;
    for (const line of t.lines) {
      txnIds.push(txnId);
      accountIds.push(line.accountId);
      amounts.push(line.amountMinor);
      types.push(t.typeCode);
    }
  }
  const distinctAccounts = new Set(accountIds).size;

  // 3. Lock, move balances (floor kept), and write entries with running balance-after, in one statement.
  const rows = await queryRows<{ updated: string; written: string }>(
    tx,
    sql`
    WITH l AS (
      SELECT * FROM unnest(${`{${txnIds.join(',')}}`}::bigint[], ${`{${accountIds.join(',')}}`}::bigint[],
                           ${`{${amounts.join(',')}}`}::bigint[], ${`{${types.join(',')}}`}::int[])
        WITH ORDINALITY AS l(txn_id, account_id, amount_minor, type_code, ord)
    ), delta AS (
      SELECT account_id, sum(amount_minor)::bigint AS total FROM l GROUP BY account_id
    ), locked AS MATERIALIZED (
      SELECT a.id FROM wallet_account a WHERE a.id IN (SELECT account_id FROM delta)
        ORDER BY a.may_go_negative, a.id FOR UPDATE
    ), updated AS (
      UPDATE wallet_account a SET balance_minor = a.balance_minor + d.total
      FROM delta d JOIN locked k ON k.id = d.account_id
      WHERE a.id = d.account_id AND (a.may_go_negative OR a.balance_minor + d.total >= 0)
      RETURNING a.id, a.balance_minor - d.total AS before_minor
    ), written AS (
      INSERT INTO ledger_entry (txn_id, account_id, amount_minor, balance_after_minor, type_code, created_at)
      SELECT l.txn_id, l.account_id, l.amount_minor,
             u.before_minor + sum(l.amount_minor) OVER (PARTITION BY l.account_id ORDER BY l.ord),
             l.type_code, ${nowMs}
      FROM l JOIN updated u ON u.id = l.account_id
      ORDER BY l.ord
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM updated)::text AS updated, (SELECT count(*) FROM written)::text AS written`,
  );
  const updated = Number(rows[0]!.updated);
  if (updated !== distinctAccounts || Number(rows[0]!.written) !== accountIds.length) {
    const existing = await queryRows<{ n: string }>(
      tx,
      sql`SELECT count(*)::text AS n FROM wallet_account WHERE id = ANY(${`{${[...new Set(accountIds)].join(',')}}`}::bigint[])`,
    );
    if (Number(existing[0]!.n) !== distinctAccounts)
      throw new LedgerInvariantError('transfer to an unknown account');
    throw DomainError.of(Codes.INSUFFICIENT_BALANCE);
  }
  return { applied: claimed.length, skipped: transfers.length - claimed.length };
}
