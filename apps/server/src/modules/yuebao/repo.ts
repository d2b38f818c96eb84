import { sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { entryPage } from '../wallet/index';

/** SQL of the yuebao tables (migration 0600) other than the set-based accrual (accrual.ts). */

export type YuebaoConfig = {
  tenantId: number;
  ratePpm: number;
  minInMinor: bigint;
  maxInMinor: bigint;
  maxBalanceMinor: bigint;
  startDay: number;
};

export async function findConfig(db: Executor, tenantId: number): Promise<YuebaoConfig | undefined> {
  const row = await queryOne<{
    rate_ppm: number;
    min_in_minor: string;
    max_in_minor: string;
    max_balance_minor: string;
    start_day: number;
  }>(
    db,
    sql`SELECT rate_ppm, min_in_minor::text, max_in_minor::text, max_balance_minor::text, start_day
        FROM yuebao_config WHERE tenant_id = ${tenantId}`,
  );
  return row
    ? {
        tenantId,
        ratePpm: Number(row.rate_ppm),
        minInMinor: BigInt(row.min_in_minor),
        maxInMinor: BigInt(row.max_in_minor),
        maxBalanceMinor: BigInt(row.max_balance_minor),
        startDay: Number(row.start_day),
      }
    : undefined;
}

/** Sets the rules; start_day is kept from the first row (accrual never looks before it). */
export async function upsertConfig(db: Executor, config: YuebaoConfig, nowMs: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO yuebao_config (tenant_id, rate_ppm, min_in_minor, max_in_minor, max_balance_minor, start_day, updated_at)
    VALUES (${config.tenantId}, ${config.ratePpm}, ${config.minInMinor}, ${config.maxInMinor},
            ${config.maxBalanceMinor}, ${config.startDay}, ${nowMs})
    ON CONFLICT (tenant_id) DO UPDATE SET rate_ppm = EXCLUDED.rate_ppm, min_in_minor = EXCLUDED.min_in_minor,
      max_in_minor = EXCLUDED.max_in_minor, max_balance_minor = EXCLUDED.max_balance_minor,
      updated_at = EXCLUDED.updated_at`);
}

export type ActivityRow = {
  id: number;
  title: string;
  ratePpm: number;
  minBalanceMinor: bigint;
  startDay: number;
  endDay: number;
};

/** Activities that have not ended before `fromDay`, soonest first. */
export async function activities(db: Executor, tenantId: number, fromDay: number): Promise<ActivityRow[]> {
  const rows = await queryRows<{
    id: number;
    title: string;
    rate_ppm: number;
    min_balance_minor: string;
    start_day: number;
    end_day: number;
  }>(
    db,
    sql`SELECT id, title, rate_ppm, min_balance_minor::text, start_day, end_day FROM yuebao_activity
        WHERE tenant_id = ${tenantId} AND end_day >= ${fromDay} ORDER BY start_day, id LIMIT 50`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    ratePpm: Number(r.rate_ppm),
    minBalanceMinor: BigInt(r.min_balance_minor),
    startDay: Number(r.start_day),
    endDay: Number(r.end_day),
  }));
}

export async function insertActivity(
  db: Executor,
  tenantId: number,
  row: Omit<ActivityRow, 'id'>,
  nowMs: number,
): Promise<number> {
  const inserted = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO yuebao_activity (tenant_id, title, rate_ppm, min_balance_minor, start_day, end_day, created_at)
        VALUES (${tenantId}, ${row.title}, ${row.ratePpm}, ${row.minBalanceMinor}, ${row.startDay}, ${row.endDay}, ${nowMs})
        RETURNING id`,
  );
  return Number(inserted!.id);
}

export async function deleteActivity(db: Executor, tenantId: number, id: number): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`DELETE FROM yuebao_activity WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING id`,
  );
  return row !== undefined;
}

/**
 * Notes a move of the saver's yuebao balance on `day` (inside the transfer's transaction, under
 * the savings account's lock): the day's opening balance the first time, and the lowest balance.
 */
export async function recordDayLow(
  tx: Executor,
  row: { userId: number; day: number; beforeMinor: bigint; afterMinor: bigint },
): Promise<void> {
  const low = row.afterMinor < row.beforeMinor ? row.afterMinor : row.beforeMinor;
  await tx.execute(sql`
    INSERT INTO yuebao_day_low (user_id, day, open_minor, low_minor)
    VALUES (${row.userId}, ${row.day}, ${row.beforeMinor}, ${low})
    ON CONFLICT (user_id, day) DO UPDATE SET low_minor = least(yuebao_day_low.low_minor, ${row.afterMinor}::bigint)`);
}

export async function interestTotals(
  db: Executor,
  userId: number,
  yesterday: number,
): Promise<{ yesterdayMinor: bigint; totalMinor: bigint; lastDay: number | null }> {
  const row = await queryOne<{ y: string; total: string; last_day: number | null }>(
    db,
    sql`SELECT coalesce(sum(interest_minor) FILTER (WHERE day = ${yesterday}), 0)::text AS y,
               coalesce(sum(interest_minor), 0)::text AS total, max(day) AS last_day
        FROM yuebao_accrual WHERE user_id = ${userId}`,
  );
  return {
    yesterdayMinor: BigInt(row!.y),
    totalMinor: BigInt(row!.total),
    lastDay: row!.last_day === null ? null : Number(row!.last_day),
  };
}

export async function lastAccruedDay(db: Executor, tenantId: number): Promise<number | null> {
  const row = await queryOne<{ day: number | null }>(
    db,
    sql`SELECT max(day) AS day FROM yuebao_accrual_day WHERE tenant_id = ${tenantId}`,
  );
  return row?.day === null || row?.day === undefined ? null : Number(row.day);
}

export type Paged<T> = { rows: T[]; total: number };

export type TranLogRow = {
  id: string;
  typeCode: number;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  createdAt: number;
};

export async function tranLogs(
  db: Executor,
  savingsAccountId: number,
  range: { fromMs: number; toMs: number },
  page: { pageNum: number; pageSize: number },
): Promise<Paged<TranLogRow>> {
  return entryPage(db, { account: savingsAccountId, fromMs: range.fromMs, toMs: range.toMs }, page);
}

export type AccrualRow = {
  day: number;
  principalMinor: bigint;
  ratePpm: number;
  interestMinor: bigint;
  createdAt: number;
};

export async function accrualLogs(
  db: Executor,
  userId: number,
  days: { from: number; to: number },
  page: { pageNum: number; pageSize: number },
): Promise<Paged<AccrualRow> & { sumMinor: bigint }> {
  const where = sql`user_id = ${userId} AND day >= ${days.from} AND day <= ${days.to}`;
  const [rows, agg] = await Promise.all([
    queryRows<{
      day: number;
      principal_minor: string;
      rate_ppm: number;
      interest_minor: string;
      created_at: string;
    }>(
      db,
      sql`SELECT day, principal_minor::text, rate_ppm, interest_minor::text, created_at::text FROM yuebao_accrual
          WHERE ${where} ORDER BY day DESC LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
    ),
    queryOne<{ n: string; s: string }>(
      db,
      sql`SELECT count(*)::text AS n, coalesce(sum(interest_minor), 0)::text AS s FROM yuebao_accrual WHERE ${where}`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      day: Number(r.day),
      principalMinor: BigInt(r.principal_minor),
      ratePpm: Number(r.rate_ppm),
      interestMinor: BigInt(r.interest_minor),
      createdAt: Number(r.created_at),
    })),
    total: Number(agg!.n),
    sumMinor: BigInt(agg!.s),
  };
}

// ---- pledge products and orders ----

export type ProductRow = {
  id: number;
  tenantId: number;
  name: string;
  termDays: number;
  ratePpm: number;
  minMinor: bigint;
  maxMinor: bigint;
  maxOrders: number;
  penaltyPpm: number;
  enabled: boolean;
  sort: number;
};

type ProductDbRow = {
  id: number;
  tenant_id: number;
  name: string;
  term_days: number;
  rate_ppm: number;
  min_minor: string;
  max_minor: string;
  max_orders: number;
  penalty_ppm: number;
  enabled: boolean;
  sort: number;
};

const productColumns = sql`id, tenant_id, name, term_days, rate_ppm, min_minor::text, max_minor::text, max_orders,
  penalty_ppm, enabled, sort`;

const toProduct = (r: ProductDbRow): ProductRow => ({
  id: Number(r.id),
  tenantId: Number(r.tenant_id),
  name: r.name,
  termDays: Number(r.term_days),
  ratePpm: Number(r.rate_ppm),
  minMinor: BigInt(r.min_minor),
  maxMinor: BigInt(r.max_minor),
  maxOrders: Number(r.max_orders),
  penaltyPpm: Number(r.penalty_ppm),
  enabled: r.enabled,
  sort: Number(r.sort),
});

export async function products(db: Executor, tenantId: number, enabledOnly: boolean): Promise<ProductRow[]> {
  const rows = await queryRows<ProductDbRow>(
    db,
    sql`SELECT ${productColumns} FROM yuebao_pledge_product
        WHERE tenant_id = ${tenantId} ${enabledOnly ? sql`AND enabled` : sql``} ORDER BY sort, term_days, id LIMIT 100`,
  );
  return rows.map(toProduct);
}

export async function findProduct(
  db: Executor,
  tenantId: number,
  id: number,
): Promise<ProductRow | undefined> {
  const row = await queryOne<ProductDbRow>(
    db,
    sql`SELECT ${productColumns} FROM yuebao_pledge_product WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
  return row ? toProduct(row) : undefined;
}

/** Creates or updates the product of that name; returns its id. */
export async function upsertProduct(
  db: Executor,
  row: Omit<ProductRow, 'id'>,
  nowMs: number,
): Promise<number> {
  const saved = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO yuebao_pledge_product (tenant_id, name, term_days, rate_ppm, min_minor, max_minor, max_orders,
          penalty_ppm, enabled, sort, created_at)
        VALUES (${row.tenantId}, ${row.name}, ${row.termDays}, ${row.ratePpm}, ${row.minMinor}, ${row.maxMinor},
          ${row.maxOrders}, ${row.penaltyPpm}, ${row.enabled}, ${row.sort}, ${nowMs})
        ON CONFLICT (tenant_id, name) DO UPDATE SET term_days = EXCLUDED.term_days, rate_ppm = EXCLUDED.rate_ppm,
          min_minor = EXCLUDED.min_minor, max_minor = EXCLUDED.max_minor, max_orders = EXCLUDED.max_orders,
          penalty_ppm = EXCLUDED.penalty_ppm, enabled = EXCLUDED.enabled, sort = EXCLUDED.sort
        RETURNING id`,
  );
  return Number(saved!.id);
}

export async function setProductEnabled(
  db: Executor,
  tenantId: number,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`UPDATE yuebao_pledge_product SET enabled = ${enabled} WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING id`,
  );
  return row !== undefined;
}

/** Holding orders per product of one player. */
export async function holdingCounts(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ product_id: number; n: string }>(
    db,
    sql`SELECT product_id, count(*)::text AS n FROM yuebao_pledge_order
        WHERE user_id = ${userId} AND state = 1 GROUP BY product_id`,
  );
  return new Map(rows.map((r) => [Number(r.product_id), Number(r.n)]));
}

/**
 * Row lock on the player's pledge account: every pledge write of one player (create, cancel,
 * maturity) takes it first, so they run one at a time and the order cap is counted exactly.
 */
export async function lockAccountRow(tx: Executor, accountId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM wallet_account WHERE id = ${accountId} FOR UPDATE`);
}

export type OrderRow = {
  id: number;
  tenantId: number;
  userId: number;
  productId: number;
  productName: string;
  orderNo: string;
  requestId: string;
  principalMinor: bigint;
  ratePpm: number;
  termDays: number;
  penaltyPpm: number;
  profitMinor: bigint;
  autoRenew: boolean;
  state: number;
  startedAt: number;
  maturesAt: number;
  settledAt: number | null;
  penaltyMinor: bigint | null;
  renewedFrom: number | null;
};

type OrderDbRow = {
  id: string;
  tenant_id: number;
  user_id: string;
  product_id: number;
  product_name: string;
  order_no: string;
  request_id: string;
  principal_minor: string;
  rate_ppm: number;
  term_days: number;
  penalty_ppm: number;
  profit_minor: string;
  auto_renew: boolean;
  state: number;
  started_at: string;
  matures_at: string;
  settled_at: string | null;
  penalty_minor: string | null;
  renewed_from: string | null;
};

const orderColumns = sql`o.id::text, o.tenant_id, o.user_id::text, o.product_id, p.name AS product_name, o.order_no,
  o.request_id, o.principal_minor::text, o.rate_ppm, o.term_days, o.penalty_ppm, o.profit_minor::text, o.auto_renew,
  o.state, o.started_at::text, o.matures_at::text, o.settled_at::text, o.penalty_minor::text, o.renewed_from::text`;

const toOrder = (r: OrderDbRow): OrderRow => ({
  id: Number(r.id),
  tenantId: Number(r.tenant_id),
  userId: Number(r.user_id),
  productId: Number(r.product_id),
  productName: r.product_name,
  orderNo: r.order_no,
  requestId: r.request_id,
  principalMinor: BigInt(r.principal_minor),
  ratePpm: Number(r.rate_ppm),
  termDays: Number(r.term_days),
  penaltyPpm: Number(r.penalty_ppm),
  profitMinor: BigInt(r.profit_minor),
  autoRenew: r.auto_renew,
  state: Number(r.state),
  startedAt: Number(r.started_at),
  maturesAt: Number(r.matures_at),
  settledAt: r.settled_at === null ? null : Number(r.settled_at),
  penaltyMinor: r.penalty_minor === null ? null : BigInt(r.penalty_minor),
  renewedFrom: r.renewed_from === null ? null : Number(r.renewed_from),
});

export async function findOrder(db: Executor, where: { id: number } | { userId: number; requestId: string }) {
  const cond =
    'id' in where
      ? sql`o.id = ${where.id}`
      : sql`o.user_id = ${where.userId} AND o.request_id = ${where.requestId}`;
  const row = await queryOne<OrderDbRow>(
    db,
    sql`SELECT ${orderColumns} FROM yuebao_pledge_order o JOIN yuebao_pledge_product p ON p.id = o.product_id
        WHERE ${cond}`,
  );
  return row ? toOrder(row) : undefined;
}

export async function countHolding(tx: Executor, userId: number, productId: number): Promise<number> {
  const row = await queryOne<{ n: string }>(
    tx,
    sql`SELECT count(*)::text AS n FROM yuebao_pledge_order
        WHERE user_id = ${userId} AND product_id = ${productId} AND state = 1`,
  );
  return Number(row!.n);
}

export type NewOrder = {
  tenantId: number;
  userId: number;
  productId: number;
  orderNo: string;
  requestId: string;
  principalMinor: bigint;
  ratePpm: number;
  termDays: number;
  penaltyPpm: number;
  profitMinor: bigint;
  autoRenew: boolean;
  startedAt: number;
  maturesAt: number;
  renewedFrom: number | null;
};

/** Inserts the order; undefined when this player's request id already has one. */
export async function insertOrder(tx: Executor, o: NewOrder, nowMs: number): Promise<number | undefined> {
  const row = await queryOne<{ id: string }>(
    tx,
    sql`INSERT INTO yuebao_pledge_order (tenant_id, user_id, product_id, order_no, request_id, principal_minor, rate_ppm,
          term_days, penalty_ppm, profit_minor, auto_renew, state, started_at, matures_at, renewed_from, created_at)
        VALUES (${o.tenantId}, ${o.userId}, ${o.productId}, ${o.orderNo}, ${o.requestId}, ${o.principalMinor},
          ${o.ratePpm}, ${o.termDays}, ${o.penaltyPpm}, ${o.profitMinor}, ${o.autoRenew}, 1, ${o.startedAt},
          ${o.maturesAt}, ${o.renewedFrom}, ${nowMs})
        ON CONFLICT (user_id, request_id) DO NOTHING RETURNING id::text`,
  );
  return row ? Number(row.id) : undefined;
}

/** Ends a holding, not yet due order as cancelled with its penalty; false when it is not holding. */
export async function markCancelled(
  tx: Executor,
  order: { id: number; userId: number },
  penaltyMinor: bigint,
  nowMs: number,
): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    tx,
    sql`UPDATE yuebao_pledge_order SET state = 3, settled_at = ${nowMs}, penalty_minor = ${penaltyMinor}
        WHERE id = ${order.id} AND user_id = ${order.userId} AND state = 1 AND matures_at > ${nowMs}
        RETURNING id::text`,
  );
  return row !== undefined;
}

/** Ends a due holding order as matured (2) or renewed (4); false when another run ended it first. */
export async function markMatured(tx: Executor, id: number, state: 2 | 4, nowMs: number): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    tx,
    sql`UPDATE yuebao_pledge_order SET state = ${state}, settled_at = ${nowMs}
        WHERE id = ${id} AND state = 1 AND matures_at <= ${nowMs} RETURNING id::text`,
  );
  return row !== undefined;
}

export async function setAutoRenew(
  db: Executor,
  order: { id: number; userId: number },
  autoRenew: boolean,
): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    db,
    sql`UPDATE yuebao_pledge_order SET auto_renew = ${autoRenew}
        WHERE id = ${order.id} AND user_id = ${order.userId} AND state = 1 RETURNING id::text`,
  );
  return row !== undefined;
}

export async function orderList(
  db: Executor,
  userId: number,
  state: number,
  page: { pageNum: number; pageSize: number },
): Promise<Paged<OrderRow>> {
  const where = sql`o.user_id = ${userId} ${state > 0 ? sql`AND o.state = ${state}` : sql``}`;
  const [rows, count] = await Promise.all([
    queryRows<OrderDbRow>(
      db,
      sql`SELECT ${orderColumns} FROM yuebao_pledge_order o JOIN yuebao_pledge_product p ON p.id = o.product_id
          WHERE ${where} ORDER BY o.id DESC LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
    ),
    queryOne<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM yuebao_pledge_order o WHERE ${where}`),
  ]);
  return { rows: rows.map(toOrder), total: Number(count!.n) };
}

/**
 * One player's orders newest first by (created_at, id), after a keyset position when given: the
 * console's players desk pages them (its cursor is the last row's createdAt and id, so orders of
 * one millisecond are neither skipped nor repeated). A player holds few orders: the user index
 * finds them all.
 */
export async function pledgeOrdersBefore(
  db: Executor,
  where: { tenantId: number; userId: number },
  page: { before?: { createdAt: number; id: number }; limit: number },
): Promise<(OrderRow & { createdAt: number })[]> {
  const after = page.before
    ? sql`AND (o.created_at, o.id) < (${page.before.createdAt}::bigint, ${page.before.id}::bigint)`
    : sql``;
  const rows = await queryRows<OrderDbRow & { created_at: string }>(
    db,
    sql`SELECT ${orderColumns}, o.created_at::text FROM yuebao_pledge_order o
          JOIN yuebao_pledge_product p ON p.id = o.product_id
        WHERE o.user_id = ${where.userId} AND o.tenant_id = ${where.tenantId} ${after}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${page.limit}`,
  );
  return rows.map((r) => ({ ...toOrder(r), createdAt: Number(r.created_at) }));
}

/** Holding orders whose term has ended, oldest first. */
export async function dueOrders(db: Executor, nowMs: number, limit: number): Promise<OrderRow[]> {
  const rows = await queryRows<OrderDbRow>(
    db,
    sql`SELECT ${orderColumns} FROM yuebao_pledge_order o JOIN yuebao_pledge_product p ON p.id = o.product_id
        WHERE o.state = 1 AND o.matures_at <= ${nowMs} ORDER BY o.matures_at, o.id LIMIT ${limit}`,
  );
  return rows.map(toOrder);
}

export async function insertProfit(
  tx: Executor,
  row: {
    orderId: number;
    tenantId: number;
    userId: number;
    kind: 1 | 2;
    principalMinor: bigint;
    profitMinor: bigint;
  },
  nowMs: number,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO yuebao_pledge_profit (order_id, tenant_id, user_id, kind, principal_minor, profit_minor, created_at)
    VALUES (${row.orderId}, ${row.tenantId}, ${row.userId}, ${row.kind}, ${row.principalMinor}, ${row.profitMinor}, ${nowMs})`);
}

export type ProfitRow = {
  orderId: number;
  orderNo: string;
  productName: string;
  kind: number;
  principalMinor: bigint;
  profitMinor: bigint;
  ratePpm: number;
  termDays: number;
  createdAt: number;
};

export async function profitLogs(
  db: Executor,
  userId: number,
  orderId: number | undefined,
  page: { pageNum: number; pageSize: number },
): Promise<Paged<ProfitRow> & { sumMinor: bigint }> {
  const where = sql`f.user_id = ${userId} ${orderId === undefined ? sql`` : sql`AND f.order_id = ${orderId}`}`;
  const [rows, agg] = await Promise.all([
    queryRows<{
      order_id: string;
      order_no: string;
      product_name: string;
      kind: number;
      principal_minor: string;
      profit_minor: string;
      rate_ppm: number;
      term_days: number;
      created_at: string;
    }>(
      db,
      sql`SELECT f.order_id::text, o.order_no, p.name AS product_name, f.kind, f.principal_minor::text,
                 f.profit_minor::text, o.rate_ppm, o.term_days, f.created_at::text
          FROM yuebao_pledge_profit f JOIN yuebao_pledge_order o ON o.id = f.order_id
          JOIN yuebao_pledge_product p ON p.id = o.product_id
          WHERE ${where} ORDER BY f.created_at DESC, f.order_id DESC
          LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
    ),
    queryOne<{ n: string; s: string }>(
      db,
      sql`SELECT count(*)::text AS n, coalesce(sum(profit_minor), 0)::text AS s FROM yuebao_pledge_profit f WHERE ${where}`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      orderId: Number(r.order_id),
      orderNo: r.order_no,
      productName: r.product_name,
      kind: Number(r.kind),
      principalMinor: BigInt(r.principal_minor),
      profitMinor: BigInt(r.profit_minor),
      ratePpm: Number(r.rate_ppm),
      termDays: Number(r.term_days),
      createdAt: Number(r.created_at),
    })),
    total: Number(agg!.n),
    sumMinor: BigInt(agg!.s),
  };
}

export async function pledgeProfitTotal(db: Executor, userId: number): Promise<bigint> {
  const row = await queryOne<{ s: string }>(
    db,
    sql`SELECT coalesce(sum(profit_minor), 0)::text AS s FROM yuebao_pledge_profit WHERE user_id = ${userId}`,
  );
  return BigInt(row!.s);
}
