import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';

/**
 * The finance desk's SQL: its own four-eyes table, and the console's lists of payment's orders
 * (filters and keyset pages the player screens and the CLI do not need; READ_ALLOWANCES in
 * scripts/check-boundaries.mjs). Money changes never happen here: they go through payment's and
 * wallet's services (service.ts).
 */

export type OrderListFilter = {
  tenantId: number;
  status?: string;
  channel?: string;
  userId?: number;
  orderNo?: string;
  fromMs?: number;
  toMs?: number;
  /** Keyset: rows strictly after (createdAt, orderNo) in newest-first order. */
  after?: { createdAt: number; orderNo: string };
  limit: number;
};

export type DepositListRow = {
  order_no: string;
  tenant_id: number;
  user_id: string;
  user_name: string;
  channel: string;
  type_code: number;
  amount_minor: string;
  bonus_minor: string;
  status: 'pending' | 'paid' | 'rejected' | 'expired';
  depositor_name: string | null;
  remark: string | null;
  created_at: string;
  completed_at: string | null;
};

export type WithdrawListRow = {
  order_no: string;
  tenant_id: number;
  user_id: string;
  user_name: string;
  payout_snapshot:
    | { kind: string; bankName: string | null; accountNo: string; realName: string | null }
    | string;
  amount_minor: string;
  fee_minor: string;
  status: 'pending' | 'approved' | 'rejected';
  remark: string | null;
  created_at: string;
  reviewed_at: string | null;
  first_staff_id: string | null;
  first_staff_account: string | null;
  first_reason: string | null;
  first_at: string | null;
};

function where(f: OrderListFilter, alias: 'd' | 'w'): SQL {
  const o = sql.raw(alias);
  const parts: SQL[] = [sql`${o}.tenant_id = ${f.tenantId}`];
  if (f.status !== undefined) parts.push(sql`${o}.status = ${f.status}`);
  if (f.channel !== undefined) parts.push(sql`${o}.channel = ${f.channel}`);
  if (f.userId !== undefined) parts.push(sql`${o}.user_id = ${f.userId}`);
  if (f.orderNo !== undefined) parts.push(sql`${o}.order_no = ${f.orderNo}`);
  if (f.fromMs !== undefined) parts.push(sql`${o}.created_at >= ${f.fromMs}`);
  if (f.toMs !== undefined) parts.push(sql`${o}.created_at < ${f.toMs}`);
  if (f.after)
    parts.push(
      sql`(${o}.created_at, ${o}.order_no) < (${f.after.createdAt}::bigint, ${f.after.orderNo}::text)`,
    );
  return sql.join(parts, sql` AND `);
}

const DEPOSIT_COLUMNS = sql`d.order_no, d.tenant_id, d.user_id::text, u.user_name, d.channel, d.type_code,
  d.amount_minor::text, d.bonus_minor::text, d.status, d.depositor_name, d.remark, d.created_at::text,
  d.completed_at::text`;

export function listDepositRows(db: Executor, f: OrderListFilter): Promise<DepositListRow[]> {
  return queryRows<DepositListRow>(
    db,
    sql`SELECT ${DEPOSIT_COLUMNS} FROM deposit_order d JOIN users u ON u.id = d.user_id
        WHERE ${where(f, 'd')} ORDER BY d.created_at DESC, d.order_no DESC LIMIT ${f.limit}`,
  );
}

/** Pending orders of the channels the desk confirms by hand, oldest first. */
export function pendingDepositRows(
  db: Executor,
  tenantId: number,
  channels: readonly string[],
  limit: number,
): Promise<DepositListRow[]> {
  return queryRows<DepositListRow>(
    db,
    sql`SELECT ${DEPOSIT_COLUMNS} FROM deposit_order d JOIN users u ON u.id = d.user_id
        WHERE d.tenant_id = ${tenantId} AND d.status = 'pending'
          AND d.channel IN (${sql.join(
            channels.map((c) => sql`${c}`),
            sql`, `,
          )})
        ORDER BY d.created_at, d.order_no LIMIT ${limit}`,
  );
}

const WITHDRAW_COLUMNS = sql`w.order_no, w.tenant_id, w.user_id::text, u.user_name, w.payout_snapshot,
  w.amount_minor::text, w.fee_minor::text, w.status, w.remark, w.created_at::text, w.reviewed_at::text,
  a.first_staff_id::text, a.first_staff_account, a.first_reason, a.first_at::text`;
const WITHDRAW_FROM = sql`FROM withdraw_order w JOIN users u ON u.id = w.user_id
  LEFT JOIN finance_withdraw_approval a ON a.order_no = w.order_no`;

export function listWithdrawRows(db: Executor, f: OrderListFilter): Promise<WithdrawListRow[]> {
  return queryRows<WithdrawListRow>(
    db,
    sql`SELECT ${WITHDRAW_COLUMNS} ${WITHDRAW_FROM}
        WHERE ${where(f, 'w')} ORDER BY w.created_at DESC, w.order_no DESC LIMIT ${f.limit}`,
  );
}

export function withdrawQueueRows(db: Executor, tenantId: number, limit: number): Promise<WithdrawListRow[]> {
  return queryRows<WithdrawListRow>(
    db,
    sql`SELECT ${WITHDRAW_COLUMNS} ${WITHDRAW_FROM}
        WHERE w.tenant_id = ${tenantId} AND w.status = 'pending'
        ORDER BY w.created_at, w.order_no LIMIT ${limit}`,
  );
}

/** One withdrawal (any tenant: the caller checks it is the desk's). */
export async function withdrawRow(db: Executor, orderNo: string): Promise<WithdrawListRow | undefined> {
  return queryOne<WithdrawListRow>(
    db,
    sql`SELECT ${WITHDRAW_COLUMNS} ${WITHDRAW_FROM} WHERE w.order_no = ${orderNo}`,
  );
}

export async function depositRow(db: Executor, orderNo: string): Promise<DepositListRow | undefined> {
  return queryOne<DepositListRow>(
    db,
    sql`SELECT ${DEPOSIT_COLUMNS} FROM deposit_order d JOIN users u ON u.id = d.user_id
        WHERE d.order_no = ${orderNo}`,
  );
}

/**
 * Serialises every desk decision on one withdrawal (first approval, second approval, reject) for
 * the rest of the transaction: two staff members acting at once run one after the other, and the
 * second sees what the first committed.
 */
export async function lockWithdrawDecision(tx: Executor, orderNo: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('finance-withdraw'), hashtext(${orderNo}))`);
}

/**
 * The first approval of a four-eyes withdrawal: a staff member's (staff id and account) or the
 * admin CLI's (no staff id; the account is the audit actor `cli:<os user>`, migration 1045).
 */
export async function insertFirstApproval(
  tx: Executor,
  row: { orderNo: string; staffId: number | null; staffAccount: string; reason: string; nowMs: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO finance_withdraw_approval (order_no, first_staff_id, first_staff_account, first_reason, first_at)
    VALUES (${row.orderNo}, ${row.staffId}, ${row.staffAccount}, ${row.reason}, ${row.nowMs})`);
}

// ---------------------------------------------------------------- payment channels

export type ChannelSettingRow = {
  channel: string;
  name: string;
  enabled: boolean;
  sort: number;
  min_minor: string;
  max_minor: string;
  provider: string;
};

const CHANNEL_SETTING = sql`channel, name, enabled, sort, min_minor::text, max_minor::text, provider`;

/**
 * Locks one channel's row for the rest of the transaction (two staff editing it at once apply one
 * after the other, each audit row's `before` is what it changed). Payment reads the row on every
 * deposit, so a change applies to the next order (WRITE_ALLOWANCES: the desk's one write of it).
 */
export function lockChannel(tx: Executor, tenantId: number, channel: string) {
  return queryOne<ChannelSettingRow>(
    tx,
    sql`SELECT ${CHANNEL_SETTING} FROM payment_channel WHERE tenant_id = ${tenantId} AND channel = ${channel} FOR UPDATE`,
  );
}

export function updateChannel(
  tx: Executor,
  tenantId: number,
  channel: string,
  next: { enabled: boolean; sort: number; minMinor: bigint; maxMinor: bigint },
) {
  return queryOne<ChannelSettingRow>(
    tx,
    sql`UPDATE payment_channel SET enabled = ${next.enabled}, sort = ${next.sort}, min_minor = ${next.minMinor},
          max_minor = ${next.maxMinor}
        WHERE tenant_id = ${tenantId} AND channel = ${channel} RETURNING ${CHANNEL_SETTING}`,
  );
}

// ---------------------------------------------------------------- reconciliation

export function depositTotals(db: Executor, tenantId: number, fromMs: number, toMs: number) {
  return queryRows<{ channel: string; n: number; amount: string; bonus: string }>(
    db,
    sql`SELECT channel, count(*)::int AS n, sum(amount_minor)::text AS amount, sum(bonus_minor)::text AS bonus
        FROM deposit_order
        WHERE tenant_id = ${tenantId} AND status = 'paid' AND completed_at >= ${fromMs} AND completed_at < ${toMs}
        GROUP BY channel ORDER BY channel`,
  );
}

export function withdrawTotals(db: Executor, tenantId: number, fromMs: number, toMs: number) {
  return queryRows<{
    kind: string;
    paid: number;
    paid_amount: string;
    fee: string;
    rejected: number;
    rejected_amount: string;
  }>(
    db,
    sql`SELECT payout_snapshot->>'kind' AS kind,
          count(*) FILTER (WHERE status = 'approved')::int AS paid,
          coalesce(sum(amount_minor) FILTER (WHERE status = 'approved'), 0)::text AS paid_amount,
          coalesce(sum(fee_minor) FILTER (WHERE status = 'approved'), 0)::text AS fee,
          count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
          coalesce(sum(amount_minor) FILTER (WHERE status = 'rejected'), 0)::text AS rejected_amount
        FROM withdraw_order
        WHERE tenant_id = ${tenantId} AND status <> 'pending' AND reviewed_at >= ${fromMs} AND reviewed_at < ${toMs}
        GROUP BY 1 ORDER BY 1`,
  );
}
