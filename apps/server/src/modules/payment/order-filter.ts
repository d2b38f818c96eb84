import { type SQL, sql } from 'drizzle-orm';

/** What the operator and the records screens filter deposit and withdrawal orders by. */
export interface OrderFilter<Status extends string> {
  userId?: number;
  tenantId?: number;
  status?: Status;
  fromMs?: number;
  toMs?: number;
}

/** The WHERE condition of an order listing (every field optional; the period is [fromMs, toMs)). */
export function orderWhere<Status extends string>(filter: OrderFilter<Status>): SQL {
  return sql.join(
    [
      sql`true`,
      filter.userId === undefined ? sql`true` : sql`user_id = ${filter.userId}`,
      filter.tenantId === undefined ? sql`true` : sql`tenant_id = ${filter.tenantId}`,
      filter.status === undefined ? sql`true` : sql`status = ${filter.status}`,
      filter.fromMs === undefined ? sql`true` : sql`created_at >= ${filter.fromMs}`,
      filter.toMs === undefined ? sql`true` : sql`created_at < ${filter.toMs}`,
    ],
    sql` AND `,
  );
}
