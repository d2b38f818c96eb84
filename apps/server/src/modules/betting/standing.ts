import { lotteryByCode } from '@lottery/rules/lotteries';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { queryOne } from '../../db/sql';

/**
 * A player's standing for one lottery: his rebate, whether he may bet, whether the tenant sells
 * the lottery. Read once per process and kept, because a bet must not pay a round trip for rows
 * that almost never change. A kept value is never trusted on its own: the bet's insert repeats
 * the check against the rows as they are at that moment (`standingStillHolds`), and when they
 * changed the bet is priced again from a fresh read. Only standings that allow betting are
 * kept, so a refusal (account not active, lottery stopped or missing) is always from a fresh read.
 */
export interface Standing {
  /**
   * The player's rebate for the lottery's type (its user_type_rebate override, else users.rebate,
   * migration 0702) as PostgreSQL prints it, e.g. "7.5": the guard compares this exact value.
   */
  rebate: string;
  status: string;
  /** null when the tenant has no catalogue row for the lottery. */
  isStop: boolean | null;
}

const kept = new Map<string, Standing>();
const KEPT_MAX = 100_000;
const keyOf = (user: SessionUser, lotteryCode: string) => `${user.tenantId}:${user.userId}:${lotteryCode}`;

export const allowsBetting = (s: Standing | undefined): s is Standing =>
  s?.status === 'active' && s.isStop === false;

export async function standingOf(
  ctx: AppContext,
  user: SessionUser,
  lotteryCode: string,
  options: { fresh: boolean },
): Promise<Standing | undefined> {
  const key = keyOf(user, lotteryCode);
  if (!options.fresh) {
    const cached = kept.get(key);
    if (cached) return cached;
  }
  const row = await queryOne<{ rebate: string; status: string; is_stop: boolean | null }>(
    ctx.db,
    sql`SELECT ${rebateForType(lotteryCode)}::text AS rebate, u.status, l.is_stop FROM users u
        LEFT JOIN lotteries l ON l.tenant_id = u.tenant_id AND l.code = ${lotteryCode}
        WHERE u.id = ${user.userId} AND u.tenant_id = ${user.tenantId}`,
  );
  const standing = row && { rebate: row.rebate, status: row.status, isStop: row.is_stop };
  if (allowsBetting(standing)) {
    if (kept.size >= KEPT_MAX) kept.clear();
    kept.set(key, standing);
  } else {
    kept.delete(key);
  }
  return standing;
}

/** Forget a kept standing (its guard failed: the rows changed since it was read). */
export function forgetStanding(user: SessionUser, lotteryCode: string): void {
  kept.delete(keyOf(user, lotteryCode));
}

/**
 * SQL that yields one row exactly when the standing a bet was priced with still holds: the
 * player active at that rebate, the tenant's lottery on sale. The insert selects from it.
 */
export const standingStillHolds = (user: SessionUser, lotteryCode: string, standing: Standing) =>
  sql`SELECT true AS ok FROM users u
      JOIN lotteries l ON l.tenant_id = u.tenant_id AND l.code = ${lotteryCode}
      WHERE u.id = ${user.userId} AND u.tenant_id = ${user.tenantId} AND u.status = 'active'
        AND ${rebateForType(lotteryCode)} = ${standing.rebate}::numeric AND NOT l.is_stop`;

/**
 * The rebate of user `u` for the lottery's type: one index probe inside the statement that already
 * reads the user, so the per-type rebate costs no round trip (docs/adr/0702-per-type-rebates.md).
 */
const rebateForType = (lotteryCode: string) =>
  sql`coalesce((SELECT r.rebate FROM user_type_rebate r
                WHERE r.user_id = u.id AND r.lottery_type = ${lotteryByCode(lotteryCode)?.lotteryType ?? 0}),
               u.rebate)`;
