import { Codes } from '@lottery/contract/codes';
import { isTransactionTypeCode } from '@lottery/contract/wallet';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client';
import { type Executor, pgArray, queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';

/**
 * The one place money moves. Every balance change in the platform is a `postTransfer` call:
 * a ledger transaction of balanced entries (sum = 0) with a type code, an idempotency key and
 * the related object, applied atomically with the account balances.
 *
 * Concurrency: the touched account rows are locked in one fixed order (floor-checked accounts,
 * then counterparties, each by id) and their floors checked under the lock, so two transfers never deadlock and a non-negative
 * account can never go below zero. The idempotency key is claimed under those locks with
 * INSERT … ON CONFLICT DO NOTHING: a concurrent duplicate waits for the first (same rows, same
 * key), then finds the key taken and returns the first result instead of applying twice.
 */

export type TransferLine = { accountId: number; amountMinor: bigint };

export type TransferInput = {
  /** Unique per business event, e.g. `deposit:<orderNo>`; replaying it changes nothing. */
  idempotencyKey: string;
  typeCode: number;
  lines: readonly TransferLine[];
  related?: { kind: string; id: string };
  remark?: string;
};

export type PostedEntry = { accountId: number; amountMinor: bigint; balanceAfterMinor: bigint };

export type PostedTransfer = {
  txnId: number;
  typeCode: number;
  /** True when the key had already been applied and this call changed nothing. */
  replayed: boolean;
  entries: PostedEntry[];
};

export const MAX_TRANSFER_LINES = 32;

export class LedgerInvariantError extends Error {
  override readonly name = 'LedgerInvariantError';
}

function checkInput(input: TransferInput): void {
  const { idempotencyKey, typeCode, lines } = input;
  if (idempotencyKey.length < 1 || idempotencyKey.length > 200) {
    throw new LedgerInvariantError('idempotency key must be 1-200 characters');
  }
  if (!isTransactionTypeCode(typeCode)) throw new LedgerInvariantError(`unknown type code ${typeCode}`);
  if (lines.length < 2 || lines.length > MAX_TRANSFER_LINES) {
    throw new LedgerInvariantError(`a transfer has 2-${MAX_TRANSFER_LINES} lines`);
  }
  const seen = new Set<number>();
  let sum = 0n;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.accountId) || line.accountId <= 0) {
      throw new LedgerInvariantError(`bad account id ${line.accountId}`);
    }
    if (seen.has(line.accountId)) throw new LedgerInvariantError('an account appears twice in one transfer');
    seen.add(line.accountId);
    if (line.amountMinor === 0n) throw new LedgerInvariantError('zero-amount line');
    sum += line.amountMinor;
  }
  if (sum !== 0n) throw new LedgerInvariantError(`entries sum to ${sum}, not zero`);
}

type EntryRow = { account_id: string; amount_minor: string; balance_after_minor: string };

function toEntries(rows: EntryRow[]): PostedEntry[] {
  return rows
    .map((r) => ({
      accountId: Number(r.account_id),
      amountMinor: BigInt(r.amount_minor),
      balanceAfterMinor: BigInt(r.balance_after_minor),
    }))
    .sort((a, b) => a.accountId - b.accountId);
}

async function readExisting(db: Executor, input: TransferInput): Promise<PostedTransfer> {
  const rows = await queryRows<EntryRow & { txn_id: string; type_code: number }>(
    db,
    sql`
    SELECT t.id::text AS txn_id, t.type_code, e.account_id::text, e.amount_minor::text,
           e.balance_after_minor::text
    FROM ledger_txn t JOIN ledger_entry e ON e.txn_id = t.id
    WHERE t.idempotency_key = ${input.idempotencyKey}`,
  );
  if (rows.length === 0) throw new LedgerInvariantError(`transaction ${input.idempotencyKey} vanished`);
  const entries = toEntries(rows);
  const asked = [...input.lines].sort((a, b) => a.accountId - b.accountId);
  const same =
    Number(rows[0]!.type_code) === input.typeCode &&
    entries.length === asked.length &&
    entries.every((e, i) => e.accountId === asked[i]!.accountId && e.amountMinor === asked[i]!.amountMinor);
  if (!same) {
    throw new LedgerInvariantError(`idempotency key ${input.idempotencyKey} reused for a different transfer`);
  }
  return { txnId: Number(rows[0]!.txn_id), typeCode: input.typeCode, replayed: true, entries };
}

/**
 * Writes a caller's statement may run ahead of a transfer, in the same statement (bet placement:
 * the bet row and its lines, so that a bet and its debit cost one round trip and commit together).
 * The lead's CTEs come after `verdict` (they may select `found` and `funded` from it, and must
 * write nothing unless both hold); the transfer is claimed once per row of `claimFrom`, with the
 * idempotency key and related id computed from that row.
 */
export interface TransferLead {
  ctes: SQL;
  claimFrom: SQL;
  idempotencyKey: SQL;
  relatedId: SQL;
  /** Extra columns of the answer, e.g. `(SELECT id FROM b) AS bet_id`. */
  columns: SQL;
}

const dialect = new PgDialect();

type TransferRow = {
  found: boolean;
  funded: boolean;
  txn_id: string | null;
  account_id: string | null;
  amount_minor: string | null;
  balance_after_minor: string | null;
};

/**
 * The whole transfer is ONE statement, so it is atomic even without an explicit transaction and
 * costs one round trip: lock the accounts in id order, check every floor, claim the idempotency
 * key only when all floors hold, update the balances and write the entries with balance-after.
 * Each step feeds the next, so PostgreSQL runs them in that order.
 */
function transferStatement(input: TransferInput, nowMs: number, lead?: TransferLead): SQL {
  const ids = input.lines.map((l) => l.accountId);
  const amounts = input.lines.map((l) => l.amountMinor);
  const key = lead ? lead.idempotencyKey : sql`${input.idempotencyKey}`;
  const relatedId = lead ? lead.relatedId : sql`${input.related?.id ?? null}`;
  return sql`
    WITH d AS (
      SELECT * FROM unnest(${pgArray(ids)}::bigint[], ${pgArray(amounts)}::bigint[]) AS d(account_id, amount_minor)
    ), locked AS MATERIALIZED (
      SELECT a.id, a.balance_minor, a.may_go_negative FROM wallet_account a
      WHERE a.id IN (SELECT account_id FROM d) ORDER BY a.may_go_negative, a.id FOR UPDATE
    ), verdict AS MATERIALIZED (
      SELECT count(*) = ${ids.length} AS found,
             coalesce(bool_and(l.may_go_negative OR l.balance_minor + d.amount_minor >= 0), false) AS funded
      FROM locked l JOIN d ON d.account_id = l.id
    ), ${lead ? sql`${lead.ctes}, ` : sql``}claimed AS (
      INSERT INTO ledger_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at)
      SELECT ${key}, ${input.typeCode}, ${input.related?.kind ?? null}, ${relatedId}, ${input.remark ?? null}, ${nowMs}
      FROM verdict${lead ? sql`, ${lead.claimFrom}` : sql``} WHERE found AND funded
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id
    ), updated AS (
      -- from the locked (latest, now ours) balance the verdict checked, not the statement snapshot
      UPDATE wallet_account a SET balance_minor = l.balance_minor + d.amount_minor
      FROM d JOIN locked l ON l.id = d.account_id, claimed c WHERE a.id = d.account_id
      RETURNING a.id, a.balance_minor, c.id AS txn_id
    ), written AS (
      INSERT INTO ledger_entry (txn_id, account_id, amount_minor, balance_after_minor, type_code, created_at)
      SELECT u.txn_id, u.id, d.amount_minor, u.balance_minor, ${input.typeCode}, ${nowMs}
      FROM updated u JOIN d ON d.account_id = u.id
      RETURNING txn_id, account_id, amount_minor, balance_after_minor
    )
    SELECT v.found, v.funded, w.txn_id::text, w.account_id::text, w.amount_minor::text, w.balance_after_minor::text,
      CASE WHEN (SELECT count(*) FROM claimed) = 1 AND (SELECT count(*) FROM written) <> ${ids.length}
           THEN ledger_abort('entries and lines differ') ELSE true END AS complete
      ${lead ? sql`, ${lead.columns}` : sql``}
    FROM verdict v LEFT JOIN written w ON true`;
}

/** The transfer the statement applied, or undefined when it applied none. */
function appliedTransfer(rows: TransferRow[], input: TransferInput): PostedTransfer | undefined {
  const head = rows[0]!;
  if (head.txn_id === null) return undefined;
  const entries = toEntries(rows as EntryRow[]);
  if (entries.length !== input.lines.length)
    throw new LedgerInvariantError('entries missing after a transfer');
  return { txnId: Number(head.txn_id), typeCode: input.typeCode, replayed: false, entries };
}

async function applyTransfer(db: Executor, input: TransferInput, nowMs: number): Promise<PostedTransfer> {
  checkInput(input);
  const rows = await queryRows<TransferRow>(db, transferStatement(input, nowMs));
  const applied = appliedTransfer(rows, input);
  if (applied) return applied;
  // Nothing applied: the key was already used (replay), or an account is missing or short.
  const existing = await queryOne<{ id: string }>(
    db,
    sql`SELECT id::text FROM ledger_txn WHERE idempotency_key = ${input.idempotencyKey}`,
  );
  if (existing) return readExisting(db, input);
  if (!rows[0]!.found) throw new LedgerInvariantError('transfer to an unknown account');
  throw DomainError.of(Codes.INSUFFICIENT_BALANCE);
}

/**
 * A transfer led by the caller's own writes, all in one statement (see TransferLead). Answers the
 * lead's columns with the verdict and the applied transfer; the caller tells a missing account,
 * a short balance and a lead that wrote nothing apart from them. `input.idempotencyKey` and
 * `related.id` are ignored (the lead computes them); nothing is replayed here: the lead's own key
 * (e.g. the bet's) decides whether the request was seen before.
 */
export async function postTransferLed<Columns extends object>(
  database: Database,
  input: Omit<TransferInput, 'idempotencyKey'>,
  lead: TransferLead,
  nowMs: number,
): Promise<{ found: boolean; funded: boolean; lead: Columns; transfer: PostedTransfer | undefined }> {
  const full = { ...input, idempotencyKey: 'led' };
  checkInput(full);
  // a hot path (every bet): a prepared statement, planned once per connection
  const statement = dialect.sqlToQuery(transferStatement(full, nowMs, lead));
  const rows = await database.queryPrepared<TransferRow & Columns>(statement.sql, statement.params);
  const head = rows[0]!;
  return { found: head.found, funded: head.funded, lead: head, transfer: appliedTransfer(rows, full) };
}

/**
 * Applies a transfer inside the caller's database transaction `tx` (so a bet row and its debit
 * commit together). Throws DomainError 余额不足 when a non-negative account would go below zero
 * (nothing of the transfer is written; the caller decides whether to roll back its own work).
 */
export function postTransferIn(tx: Executor, input: TransferInput, nowMs: number): Promise<PostedTransfer> {
  return applyTransfer(tx, input, nowMs);
}

/** A transfer on its own: the single statement commits by itself. */
export function postTransfer(db: Db, input: TransferInput, nowMs: number): Promise<PostedTransfer> {
  return applyTransfer(db, input, nowMs);
}
