import { sql } from 'drizzle-orm';
import { type Executor, pgTextArray, queryOne, queryRows } from '../../db/sql';

/** States as stored (migration 0950). */
export const STATE = { pending: 0, approved: 1, rejected: 2, used: 3 } as const;

export type VerificationRow = {
  id: string;
  user_id: string;
  user_name: string;
  real_name: string;
  phone: string;
  note: string;
  images: string[];
  ip: string;
  state: number;
  reason: string;
  created_at: string;
  decided_at: string | null;
};

/** Inserts a request; undefined when the account already has one open (pending or approved). */
export async function insertVerification(
  db: Executor,
  row: {
    tenantId: number;
    userId: number;
    realName: string;
    phone: string;
    note: string;
    images: string[];
    receiptHash: string;
    ip: string;
    now: number;
  },
): Promise<number | undefined> {
  const inserted = await queryOne<{ id: string }>(
    db,
    sql`INSERT INTO manual_verification
          (tenant_id, user_id, real_name, phone, note, images, receipt_hash, ip, created_at)
        VALUES (${row.tenantId}, ${row.userId}, ${row.realName}, ${row.phone}, ${row.note},
                ${pgTextArray(row.images)}::text[], ${row.receiptHash}, ${row.ip}, ${row.now})
        ON CONFLICT (user_id) WHERE state IN (0, 1) DO NOTHING
        RETURNING id::text`,
  );
  return inserted ? Number(inserted.id) : undefined;
}

/** The account's request with this receipt (newest first), or undefined. */
export async function findByReceipt(
  db: Executor,
  userId: number,
  receiptHash: string,
): Promise<{ id: string; state: number; reason: string; created_at: string } | undefined> {
  return queryOne(
    db,
    sql`SELECT id::text, state, reason, created_at::text FROM manual_verification
        WHERE user_id = ${userId} AND receipt_hash = ${receiptHash}
        ORDER BY manual_verification.id DESC LIMIT 1`,
  );
}

/** approved → used, once: true for the one caller that made the change. */
export async function spendApproval(db: Executor, id: number, now: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`UPDATE manual_verification SET state = ${STATE.used}, used_at = ${now}
        WHERE id = ${id} AND state = ${STATE.approved} RETURNING id`,
  );
  return rows.length === 1;
}

/** pending → approved or rejected; false when the request is not pending (decided already, unknown). */
export async function decide(
  db: Executor,
  tenantId: number,
  id: number,
  state: typeof STATE.approved | typeof STATE.rejected,
  reason: string,
  now: number,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`UPDATE manual_verification SET state = ${state}, reason = ${reason}, decided_at = ${now}
        WHERE id = ${id} AND tenant_id = ${tenantId} AND state = ${STATE.pending} RETURNING id`,
  );
  return rows.length === 1;
}

export async function listVerifications(
  db: Executor,
  tenantId: number,
  onlyPending: boolean,
  limit: number,
): Promise<VerificationRow[]> {
  return queryRows(
    db,
    sql`SELECT v.id::text, v.user_id::text, u.user_name, v.real_name, v.phone, v.note, v.images, v.ip,
               v.state, v.reason, v.created_at::text, v.decided_at::text
        FROM manual_verification v JOIN users u ON u.id = v.user_id
        WHERE v.tenant_id = ${tenantId} AND (${!onlyPending} OR v.state = ${STATE.pending})
        ORDER BY v.id DESC LIMIT ${limit}`,
  );
}
