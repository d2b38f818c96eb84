import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { houseAccount, postTransferBatchIn, type TransferInput } from '../wallet/index';
import { roundingAccount } from './accounts';
import { beijingDay, dayLabel } from './interest';

/**
 * Daily interest (docs/yuebao.md "Accrual"). Day D of a tenant is paid by ONE database transaction
 * that first claims the row yuebao_accrual_day (tenant, D) with ON CONFLICT DO NOTHING: a second run
 * of the same day (another process, the CLI, a retry) waits for the first to commit, then claims
 * nothing and pays nothing. A crash before COMMIT leaves neither the claim nor any money, so the
 * next run pays the day once. Days are paid oldest first, so after downtime every missed day is
 * caught up in order, each compounding on the interest of the days before it.
 *
 * Set-based: one statement computes every saver's principal held all day, rate and interest and
 * writes yuebao_accrual; the ledger postings are a few batch statements (postTransferBatchIn), one
 * ledger transaction per CHUNK savers; one statement moves the later days' low-water rows.
 *
 * Exact: each saver gets floor(principal × rate / 365) minor units; the house pays the floor of the
 * exact interest of all savers together (the pool); the difference (the rounding remainder, less
 * than one minor unit per saver) is booked to `rounding:yuebao`. Everything sums to zero.
 */

/** Savers per ledger transaction of interest. */
export const ACCRUAL_CHUNK = 5_000;
/** A day accrues this long after Beijing midnight, so transfers stamped before midnight have committed. */
export const ACCRUAL_GRACE_MS = 10_000;
/** Days one run pays per tenant at most (the rest next tick). */
export const MAX_DAYS_PER_RUN = 62;
const INTEREST_CODE = 216;

export type DayResult = {
  day: number;
  savers: number;
  principalMinor: bigint;
  paidMinor: bigint;
  poolMinor: bigint;
  remainderMinor: bigint;
};

/** Pays day `day` of the tenant once; undefined when it had been paid already. */
export async function accrueDay(
  db: Db,
  tenantId: number,
  day: number,
  baseRatePpm: number,
  nowMs: number,
): Promise<DayResult | undefined> {
  const houseId = await houseAccount(db, tenantId, 0);
  const roundingId = await roundingAccount(db, tenantId);
  return db.transaction(async (tx) => {
    const claimed = await queryOne<{ day: number }>(
      tx,
      sql`INSERT INTO yuebao_accrual_day (tenant_id, day, savers, principal_minor, pool_minor, remainder_minor, created_at)
          VALUES (${tenantId}, ${day}, 0, 0, 0, 0, ${nowMs}) ON CONFLICT (tenant_id, day) DO NOTHING RETURNING day`,
    );
    if (!claimed) return undefined;
    // The day's few big statements sort and hash every saver: in memory, not in temp files.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    // Savers' accounts locked first (id order, like the ledger): a transfer still in flight either
    // committed before this point or waits until the day is paid.
    await tx.execute(sql`SELECT id FROM wallet_account WHERE tenant_id = ${tenantId} AND kind = 'savings'
      AND code LIKE 'yuebao:%' ORDER BY id FOR UPDATE`);
    const payees = await computeDay(tx, tenantId, day, baseRatePpm, nowMs);
    const totals = await queryOne<{ savers: string; principal: string; paid: string; pool: string }>(
      tx,
      sql`SELECT count(*)::text AS savers, coalesce(sum(principal_minor), 0)::text AS principal,
                 coalesce(sum(interest_minor), 0)::text AS paid,
                 floor(coalesce(sum(principal_minor::numeric * rate_ppm), 0) / 365000000)::text AS pool
          FROM yuebao_accrual WHERE tenant_id = ${tenantId} AND day = ${day}`,
    );
    const paidMinor = BigInt(totals!.paid);
    const poolMinor = BigInt(totals!.pool);
    const remainderMinor = poolMinor - paidMinor;
    if (remainderMinor < 0n) throw new Error(`yuebao accrual: pool ${poolMinor} below paid ${paidMinor}`);
    const transfers: TransferInput[] = [];
    for (let i = 0; i < payees.length; i += ACCRUAL_CHUNK) {
      const chunk = payees.slice(i, i + ACCRUAL_CHUNK);
      const sum = chunk.reduce((s, p) => s + p.interestMinor, 0n);
      transfers.push({
        idempotencyKey: `yuebao-interest:${tenantId}:${day}:${i / ACCRUAL_CHUNK}`,
        typeCode: INTEREST_CODE,
        lines: [
          { accountId: houseId, amountMinor: -sum },
          ...chunk.map((p) => ({ accountId: p.accountId, amountMinor: p.interestMinor })),
        ],
        related: { kind: 'yuebao-day', id: String(day) },
        remark: `余额宝收益 ${dayLabel(day)}`,
      });
    }
    if (remainderMinor > 0n) {
      transfers.push({
        idempotencyKey: `yuebao-interest:${tenantId}:${day}:rounding`,
        typeCode: INTEREST_CODE,
        lines: [
          { accountId: houseId, amountMinor: -remainderMinor },
          { accountId: roundingId, amountMinor: remainderMinor },
        ],
        related: { kind: 'yuebao-day', id: String(day) },
        remark: `余额宝收益舍入 ${dayLabel(day)}`,
      });
    }
    if (transfers.length > 0) await postTransferBatchIn(tx, transfers, nowMs);
    // Interest of D counts as held from the start of D+1: later days' rows move up with it.
    await tx.execute(sql`
      UPDATE yuebao_day_low l SET open_minor = l.open_minor + a.interest_minor, low_minor = l.low_minor + a.interest_minor
      FROM yuebao_accrual a
      WHERE a.tenant_id = ${tenantId} AND a.day = ${day} AND a.interest_minor > 0 AND l.user_id = a.user_id AND l.day > ${day}`);
    await tx.execute(sql`
      UPDATE yuebao_accrual_day SET savers = ${Number(totals!.savers)}, principal_minor = ${BigInt(totals!.principal)},
        pool_minor = ${poolMinor}, remainder_minor = ${remainderMinor}
      WHERE tenant_id = ${tenantId} AND day = ${day}`);
    return {
      day,
      savers: Number(totals!.savers),
      principalMinor: BigInt(totals!.principal),
      paidMinor,
      poolMinor,
      remainderMinor,
    };
  });
}

/**
 * One statement: each saver's principal of the day (docs/yuebao.md "Held a full day"), the rate
 * (base, or a better activity the principal qualifies for), the floored interest, written to
 * yuebao_accrual. Answers the savers with interest above zero, for the ledger.
 */
async function computeDay(
  tx: Executor,
  tenantId: number,
  day: number,
  baseRatePpm: number,
  nowMs: number,
): Promise<{ accountId: number; interestMinor: bigint }[]> {
  const rows = await queryRows<{ account_id: string; interest: string }>(
    tx,
    sql`
    WITH held AS MATERIALIZED (
      -- one index probe per saver: its first low-water row on or after the day
      SELECT a.id AS account_id, a.user_id,
             CASE WHEN n.day = ${day} THEN n.low_minor WHEN n.day IS NOT NULL THEN n.open_minor
                  ELSE a.balance_minor END AS principal
      FROM wallet_account a
      LEFT JOIN LATERAL (SELECT l.day, l.open_minor, l.low_minor FROM yuebao_day_low l
                         WHERE l.user_id = a.user_id AND l.day >= ${day} ORDER BY l.day LIMIT 1) n ON true
      WHERE a.tenant_id = ${tenantId} AND a.kind = 'savings' AND a.code LIKE 'yuebao:%'
    ), act AS MATERIALIZED (
      SELECT rate_ppm, min_balance_minor FROM yuebao_activity
      WHERE tenant_id = ${tenantId} AND ${day} BETWEEN start_day AND end_day
    ), rated AS MATERIALIZED (
      SELECT h.account_id, h.user_id, h.principal,
             greatest(${baseRatePpm}::int, coalesce((SELECT max(act.rate_ppm) FROM act
               WHERE act.min_balance_minor <= h.principal), 0)) AS rate_ppm
      FROM held h WHERE h.principal > 0
    ), paid AS MATERIALIZED (
      SELECT r.*, floor(r.principal::numeric * r.rate_ppm / 365000000)::bigint AS interest FROM rated r
    ), written AS (
      INSERT INTO yuebao_accrual (user_id, day, tenant_id, principal_minor, rate_ppm, interest_minor, created_at)
      SELECT user_id, ${day}, ${tenantId}, principal, rate_ppm, interest, ${nowMs} FROM paid
      RETURNING 1
    )
    SELECT p.account_id::text AS account_id, p.interest::text AS interest FROM paid p
    WHERE p.interest > 0 ORDER BY p.account_id`,
  );
  return rows.map((r) => ({ accountId: Number(r.account_id), interestMinor: BigInt(r.interest) }));
}

/** The days of a tenant still to pay at `nowMs`, oldest first (at most MAX_DAYS_PER_RUN). */
export async function pendingDays(
  db: Executor,
  tenantId: number,
  startDay: number,
  nowMs: number,
): Promise<number[]> {
  const lastDone = await queryOne<{ day: number | null }>(
    db,
    sql`SELECT max(day) AS day FROM yuebao_accrual_day WHERE tenant_id = ${tenantId}`,
  );
  const from = Math.max(startDay, lastDone?.day == null ? startDay : Number(lastDone.day) + 1);
  // day D is payable once D+1 has begun (plus the grace)
  const lastPayable = beijingDay(nowMs - ACCRUAL_GRACE_MS) - 1;
  const days: number[] = [];
  for (let d = from; d <= lastPayable && days.length < MAX_DAYS_PER_RUN; d++) days.push(d);
  return days;
}

/** Tenants with yuebao rules and their base rate and first day. */
export async function configuredTenants(
  db: Executor,
): Promise<{ tenantId: number; ratePpm: number; startDay: number }[]> {
  const rows = await queryRows<{ tenant_id: number; rate_ppm: number; start_day: number }>(
    db,
    sql`SELECT tenant_id, rate_ppm, start_day FROM yuebao_config ORDER BY tenant_id LIMIT 1000`,
  );
  return rows.map((r) => ({
    tenantId: Number(r.tenant_id),
    ratePpm: Number(r.rate_ppm),
    startDay: Number(r.start_day),
  }));
}

/** Every tenant's missed days, oldest first. Returns the days paid by this run. */
export async function runAccrual(
  db: Db,
  nowMs: number,
  stillLeader: () => void = () => {},
): Promise<DayResult[]> {
  const paid: DayResult[] = [];
  for (const tenant of await configuredTenants(db)) {
    for (const day of await pendingDays(db, tenant.tenantId, tenant.startDay, nowMs)) {
      stillLeader();
      const result = await accrueDay(db, tenant.tenantId, day, tenant.ratePpm, nowMs);
      if (result) paid.push(result);
    }
  }
  return paid;
}
