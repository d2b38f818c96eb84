import { sql } from 'drizzle-orm';
import { type Executor, pgArray, queryOne, queryRows } from '../../db/sql';

export type EnvelopeRow = {
  id: number;
  tenant_id: number;
  sender_id: number;
  room_id: number | null;
  direct_room_id: number | null;
  message_id: number | null;
  dispatch_type: number;
  total_minor: string;
  share_count: number;
  remark: string;
  escrow_account_id: number;
  created_at: string;
  expires_at: string;
  refunded_at: string | null;
  refund_minor: string | null;
};

const COLUMNS = sql`id::int, tenant_id, sender_id::int, room_id::int, direct_room_id::int, message_id::int,
  dispatch_type, total_minor::text, share_count, remark, escrow_account_id::int, created_at::text,
  expires_at::text, refunded_at::text, refund_minor::text`;

export function envelopeById(db: Executor, id: number) {
  return queryOne<EnvelopeRow>(db, sql`SELECT ${COLUMNS} FROM red_envelope WHERE id = ${id}`);
}

export type ConfigRow = { max_amount_minor: string; day_limit_amount_minor: string; day_limit_count: number };

export async function configOf(db: Executor, tenantId: number): Promise<ConfigRow> {
  await db.execute(
    sql`INSERT INTO red_envelope_config (tenant_id) VALUES (${tenantId}) ON CONFLICT (tenant_id) DO NOTHING`,
  );
  return (await queryOne<ConfigRow>(
    db,
    sql`SELECT max_amount_minor::text, day_limit_amount_minor::text, day_limit_count FROM red_envelope_config
        WHERE tenant_id = ${tenantId}`,
  ))!;
}

export async function sentSince(db: Executor, userId: number, sinceMs: number) {
  const row = await queryOne<{ n: number; total: string }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(total_minor), 0)::text AS total FROM red_envelope
        WHERE sender_id = ${userId} AND created_at >= ${sinceMs}`,
  );
  return { count: row?.n ?? 0, totalMinor: BigInt(row?.total ?? '0') };
}

export async function insertEnvelope(
  db: Executor,
  e: {
    tenantId: number;
    senderId: number;
    roomId: number | null;
    directRoomId: number | null;
    dispatchType: number;
    totalMinor: bigint;
    count: number;
    remark: string;
    escrowAccountId: number;
    expiresAt: number;
  },
  shares: bigint[],
  nowMs: number,
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO red_envelope (tenant_id, sender_id, room_id, direct_room_id, dispatch_type, total_minor, share_count,
          remark, escrow_account_id, created_at, expires_at)
        VALUES (${e.tenantId}, ${e.senderId}, ${e.roomId}, ${e.directRoomId}, ${e.dispatchType}, ${e.totalMinor},
          ${e.count}, ${e.remark}, ${e.escrowAccountId}, ${nowMs}, ${e.expiresAt})
        RETURNING id::int`,
  );
  const id = row!.id;
  await db.execute(sql`INSERT INTO red_envelope_share (envelope_id, seq, amount_minor)
    SELECT ${id}, s.seq, s.amount FROM unnest(${pgArray(shares)}::bigint[]) WITH ORDINALITY AS s(amount, seq)`);
  return id;
}

/**
 * The grab: one conditional UPDATE claims the first unclaimed, unrefunded share of a live envelope.
 * Concurrent grabbers skip rows another grab holds; the unique (envelope, user) index refuses a
 * second share for the same user.
 */
export function claimShare(db: Executor, envelopeId: number, userId: number, nowMs: number) {
  return queryOne<{ seq: number; amount_minor: string }>(
    db,
    sql`UPDATE red_envelope_share s SET user_id = ${userId}, claimed_at = ${nowMs}
        WHERE s.envelope_id = ${envelopeId}
          AND s.seq = (SELECT seq FROM red_envelope_share
                       WHERE envelope_id = ${envelopeId} AND user_id IS NULL AND NOT refunded
                       ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
          AND EXISTS (SELECT 1 FROM red_envelope e WHERE e.id = ${envelopeId}
                      AND e.refunded_at IS NULL AND e.expires_at > ${nowMs})
        RETURNING s.seq, s.amount_minor::text`,
  );
}

export function myShare(db: Executor, envelopeId: number, userId: number) {
  return queryOne<{ amount_minor: string; claimed_at: string }>(
    db,
    sql`SELECT amount_minor::text, claimed_at::text FROM red_envelope_share WHERE envelope_id = ${envelopeId} AND user_id = ${userId}`,
  );
}

export async function progress(db: Executor, envelopeId: number) {
  const row = await queryOne<{ claimed: number; claimed_minor: string; open: number }>(
    db,
    sql`SELECT count(user_id)::int AS claimed, coalesce(sum(amount_minor) FILTER (WHERE user_id IS NOT NULL), 0)::text AS claimed_minor,
          count(*) FILTER (WHERE user_id IS NULL AND NOT refunded)::int AS open
        FROM red_envelope_share WHERE envelope_id = ${envelopeId}`,
  );
  return {
    claimed: row?.claimed ?? 0,
    claimedMinor: BigInt(row?.claimed_minor ?? '0'),
    open: row?.open ?? 0,
  };
}

export function grabbers(db: Executor, envelopeId: number) {
  return queryRows<{
    user_id: number;
    user_name: string;
    nick_name: string;
    avatar: string;
    amount_minor: string;
    claimed_at: string;
  }>(
    db,
    sql`SELECT s.user_id::int, u.user_name, u.nick_name, u.avatar, s.amount_minor::text, s.claimed_at::text
        FROM red_envelope_share s JOIN users u ON u.id = s.user_id
        WHERE s.envelope_id = ${envelopeId} ORDER BY s.claimed_at, s.seq LIMIT 1000`,
  );
}

/** The refund claim: succeeds once per envelope, only after expiry. */
export function claimRefund(db: Executor, envelopeId: number, nowMs: number) {
  return queryOne<{ id: number }>(
    db,
    sql`UPDATE red_envelope SET refunded_at = ${nowMs}
        WHERE id = ${envelopeId} AND refunded_at IS NULL AND expires_at <= ${nowMs} RETURNING id::int`,
  );
}

/** Mark every unclaimed share refunded (waits for in-flight grabs of those rows) and sum them. */
export async function refundOpenShares(db: Executor, envelopeId: number): Promise<bigint> {
  const rows = await queryRows<{ amount_minor: string }>(
    db,
    sql`UPDATE red_envelope_share SET refunded = true
        WHERE envelope_id = ${envelopeId} AND user_id IS NULL AND NOT refunded RETURNING amount_minor::text`,
  );
  const total = rows.reduce((sum, r) => sum + BigInt(r.amount_minor), 0n);
  await db.execute(sql`UPDATE red_envelope SET refund_minor = ${total} WHERE id = ${envelopeId}`);
  return total;
}

export function expiredUnrefunded(db: Executor, nowMs: number, limit: number) {
  return queryRows<{ id: number; tenant_id: number; sender_id: number }>(
    db,
    sql`SELECT id::int, tenant_id, sender_id::int FROM red_envelope
        WHERE refunded_at IS NULL AND expires_at <= ${nowMs} ORDER BY expires_at LIMIT ${limit}`,
  );
}

export async function setRead(db: Executor, envelopeId: number, userId: number, state: number) {
  await db.execute(sql`INSERT INTO red_envelope_read (envelope_id, user_id, state) VALUES (${envelopeId}, ${userId}, ${state})
    ON CONFLICT (envelope_id, user_id) DO UPDATE SET state = EXCLUDED.state`);
}

export function readStates(db: Executor, envelopeIds: number[], userId: number) {
  return queryRows<{ envelope_id: number; state: number }>(
    db,
    sql`SELECT envelope_id::int, state FROM red_envelope_read WHERE user_id = ${userId}
        AND envelope_id = ANY(${pgArray(envelopeIds)}::bigint[])`,
  );
}

export async function receivedPage(
  db: Executor,
  userId: number,
  range: { from: number; to: number; roomId?: number },
  page: { pageNum: number; pageSize: number },
) {
  const room = range.roomId === undefined ? sql`` : sql`AND e.room_id = ${range.roomId}`;
  const where = sql`s.user_id = ${userId} AND s.claimed_at >= ${range.from} AND s.claimed_at <= ${range.to} ${room}`;
  const rows = await queryRows<{
    id: number;
    user_name: string;
    nick_name: string;
    dispatch_type: number;
    claimed_at: string;
    amount_minor: string;
  }>(
    db,
    sql`SELECT e.id::int, u.user_name, u.nick_name, e.dispatch_type, s.claimed_at::text, s.amount_minor::text
        FROM red_envelope_share s JOIN red_envelope e ON e.id = s.envelope_id JOIN users u ON u.id = e.sender_id
        WHERE ${where} ORDER BY s.claimed_at DESC, e.id DESC
        LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
  );
  const totals = await queryOne<{ n: number; amount: string }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(s.amount_minor), 0)::text AS amount
        FROM red_envelope_share s JOIN red_envelope e ON e.id = s.envelope_id WHERE ${where}`,
  );
  return { rows, total: totals?.n ?? 0, amountMinor: BigInt(totals?.amount ?? '0') };
}

export async function sentPage(
  db: Executor,
  userId: number,
  range: { from: number; to: number; roomId?: number },
  page: { pageNum: number; pageSize: number },
) {
  const room = range.roomId === undefined ? sql`` : sql`AND e.room_id = ${range.roomId}`;
  const where = sql`e.sender_id = ${userId} AND e.created_at >= ${range.from} AND e.created_at <= ${range.to} ${room}`;
  const rows = await queryRows<{
    id: number;
    dispatch_type: number;
    created_at: string;
    total_minor: string;
    share_count: number;
    claimed: number;
    claimed_minor: string;
    refund_minor: string | null;
    expires_at: string;
  }>(
    db,
    sql`SELECT e.id::int, e.dispatch_type, e.created_at::text, e.total_minor::text, e.share_count, e.refund_minor::text,
          e.expires_at::text,
          (SELECT count(*)::int FROM red_envelope_share s WHERE s.envelope_id = e.id AND s.user_id IS NOT NULL) AS claimed,
          (SELECT coalesce(sum(amount_minor), 0)::text FROM red_envelope_share s WHERE s.envelope_id = e.id AND s.user_id IS NOT NULL) AS claimed_minor
        FROM red_envelope e WHERE ${where} ORDER BY e.created_at DESC, e.id DESC
        LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
  );
  const totals = await queryOne<{ n: number; shares: number; amount: string; claimed: string }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(e.share_count), 0)::int AS shares, coalesce(sum(e.total_minor), 0)::text AS amount,
          coalesce((SELECT sum(s.amount_minor) FROM red_envelope_share s JOIN red_envelope e ON e.id = s.envelope_id
                    WHERE ${where} AND s.user_id IS NOT NULL), 0)::text AS claimed
        FROM red_envelope e WHERE ${where}`,
  );
  return {
    rows,
    total: totals?.n ?? 0,
    shares: totals?.shares ?? 0,
    amountMinor: BigInt(totals?.amount ?? '0'),
    claimedMinor: BigInt(totals?.claimed ?? '0'),
  };
}
