import type { PlayerRecordKind, PlayerRecordRows } from '@lottery/contract/console/players';
import { formatMoney } from '@lottery/contract/money';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/sql';
import { AccountCodes } from '../wallet/index';

/**
 * One player's records as keyset pages, newest first: ledger entries, deposits, withdrawals, bets
 * and chases. The owners' listings (wallet entryPage, payment listDeposits/listWithdraws) page by
 * OFFSET and count every row, which a list of a million entries cannot afford on every page; these
 * are reads of the owners' tables by allowance (scripts/check-boundaries.mjs), each on the owner's
 * per-player index: ledger_entry (account_id, created_at DESC, id DESC), bet and chase (user_id,
 * created_at DESC, id DESC), deposit_order and withdraw_order (user_id, created_at DESC).
 *
 * The order is (created_at DESC, id DESC) and the cursor the last row's `<created_at>.<id>`, so
 * rows of the same millisecond are neither skipped nor repeated.
 */

type Raw = Record<string, string | number | boolean | null>;
/** Any kind's row, as the CSV export reads it (column by name). */
export type RecordRow = PlayerRecordRows[PlayerRecordKind];

interface Kind<Row> {
  /** `FROM <table> r WHERE <the player's rows>`, with created_at and id on the listed table `r`. */
  source: (tenantId: number, userId: number) => SQL;
  columns: SQL;
  toRow: (r: Raw) => Row;
}

const minor = (v: unknown) => formatMoney(BigInt(String(v)));
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null ? null : Number(v));
const strOrNull = (v: unknown) => (v === null ? null : String(v));

const KINDS: { [K in PlayerRecordKind]: Kind<PlayerRecordRows[K]> } = {
  ledger: {
    source: (tenantId, userId) => sql`FROM ledger_entry r WHERE r.account_id =
      (SELECT id FROM wallet_account WHERE tenant_id = ${tenantId} AND code = ${AccountCodes.player(userId)})`,
    columns: sql`r.type_code, r.amount_minor::text AS amount_minor, r.balance_after_minor::text AS balance_after_minor`,
    toRow: (r) => ({
      id: String(r.id),
      at: num(r.created_at),
      typeCode: num(r.type_code),
      amount: minor(r.amount_minor),
      balanceAfter: minor(r.balance_after_minor),
    }),
  },
  deposits: {
    source: (tenantId, userId) =>
      sql`FROM deposit_order r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    columns: sql`r.order_no, r.channel, r.type_code, r.amount_minor::text AS amount_minor,
      r.bonus_minor::text AS bonus_minor, r.status, r.completed_at::text AS completed_at`,
    toRow: (r) => ({
      id: String(r.id),
      orderNo: String(r.order_no),
      at: num(r.created_at),
      channel: String(r.channel),
      typeCode: num(r.type_code),
      amount: minor(r.amount_minor),
      bonus: minor(r.bonus_minor),
      status: String(r.status),
      completedAt: numOrNull(r.completed_at),
    }),
  },
  withdrawals: {
    source: (tenantId, userId) =>
      sql`FROM withdraw_order r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    columns: sql`r.order_no, r.amount_minor::text AS amount_minor, r.fee_minor::text AS fee_minor, r.status,
      r.reviewed_at::text AS reviewed_at`,
    toRow: (r) => ({
      id: String(r.id),
      orderNo: String(r.order_no),
      at: num(r.created_at),
      amount: minor(r.amount_minor),
      fee: minor(r.fee_minor),
      status: String(r.status),
      reviewedAt: numOrNull(r.reviewed_at),
    }),
  },
  bets: {
    source: (tenantId, userId) => sql`FROM bet r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    columns: sql`r.record_code, r.lottery_code, r.issue, r.amount_minor::text AS amount_minor,
      r.bonus_minor::text AS bonus_minor, r.state, r.chase_id::text AS chase_id`,
    toRow: (r) => ({
      id: String(r.id),
      recordCode: String(r.record_code),
      at: num(r.created_at),
      lotteryCode: String(r.lottery_code),
      issue: String(r.issue),
      amount: minor(r.amount_minor),
      bonus: minor(r.bonus_minor),
      state: num(r.state),
      chaseId: strOrNull(r.chase_id),
    }),
  },
  chases: {
    source: (tenantId, userId) => sql`FROM chase r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    columns: sql`r.record_code, r.lottery_code, r.start_issue, r.chase_count, r.amount_minor::text AS amount_minor,
      r.stop_reason, r.stopped_at::text AS stopped_at`,
    toRow: (r) => ({
      id: String(r.id),
      recordCode: String(r.record_code),
      at: num(r.created_at),
      lotteryCode: String(r.lottery_code),
      startIssue: String(r.start_issue),
      chaseCount: num(r.chase_count),
      amount: minor(r.amount_minor),
      stopReason: strOrNull(r.stop_reason),
      stoppedAt: numOrNull(r.stopped_at),
    }),
  },
};

export async function recordPage<K extends PlayerRecordKind>(
  db: Executor,
  kind: K,
  where: { tenantId: number; userId: number },
  page: { cursor?: string; limit: number },
): Promise<{ items: PlayerRecordRows[K][]; nextCursor: string | null }> {
  const k = KINDS[kind] as Kind<PlayerRecordRows[K]>;
  let after = sql`TRUE`;
  if (page.cursor) {
    const [at, id] = page.cursor.split('.').map(Number);
    after = sql`(r.created_at, r.id) < (${at}::bigint, ${id}::bigint)`;
  }
  const rows = await queryRows<Raw>(
    db,
    sql`SELECT r.id::text AS id, r.created_at::text AS created_at, ${k.columns}
        ${k.source(where.tenantId, where.userId)} AND ${after}
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${page.limit + 1}`,
  );
  const items = rows.slice(0, page.limit).map(k.toRow);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? `${last.at}.${last.id}` : null };
}
