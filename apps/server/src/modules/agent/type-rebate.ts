import { LOTTERY_TYPES } from '@lottery/rules/lotteries';
import { parseRebateTenths } from '@lottery/rules/odds';
import { sql } from 'drizzle-orm';
import { type Executor, pgArray, queryOne, queryRows } from '../../db/sql';

/**
 * Per-lottery-type rebates (migration 0702, docs/adr/0702-per-type-rebates.md). users.rebate is the
 * rebate of every type; a `user_type_rebate` row overrides it for one type. Overrides are stored
 * only where they differ from users.rebate, so a user without any has no rows.
 */

export type TypeRebate = { lotteryType: number; rebate: string };

/**
 * A user's rebate for one lottery type, in tenths of a percent (the tenant's maximum NOT applied:
 * callers cap it as betting does). The one lookup table games (modules/games, 502) call for the
 * rate of a type; undefined when the user does not exist.
 */
export async function rebateTenthsForType(
  db: Executor,
  userId: number,
  lotteryType: number,
): Promise<number | undefined> {
  const row = await queryOne<{ tenths: number }>(
    db,
    sql`SELECT (coalesce(r.rebate, u.rebate) * 10)::int AS tenths FROM users u
        LEFT JOIN user_type_rebate r ON r.user_id = u.id AND r.lottery_type = ${lotteryType}
        WHERE u.id = ${userId}`,
  );
  return row ? Number(row.tenths) : undefined;
}

/** The overrides of a user, by type. */
export async function typeRebatesOf(db: Executor, userId: number): Promise<TypeRebate[]> {
  const rows = await queryRows<{ lottery_type: number; rebate: string }>(
    db,
    sql`SELECT lottery_type, rebate::text FROM user_type_rebate WHERE user_id = ${userId} ORDER BY lottery_type`,
  );
  return rows.map((r) => ({ lotteryType: Number(r.lottery_type), rebate: r.rebate }));
}

/**
 * A user's rebate in tenths for each of the sixteen types: its override, else `base` (its
 * users.rebate, read by the caller, e.g. under a row lock).
 */
export async function typeTenthsOf(db: Executor, userId: number, base: string): Promise<Map<number, number>> {
  const single = parseRebateTenths(base) ?? 0;
  const out = new Map<number, number>(LOTTERY_TYPES.map((t) => [t.lotteryType, single]));
  for (const o of await typeRebatesOf(db, userId)) out.set(o.lotteryType, parseRebateTenths(o.rebate) ?? 0);
  return out;
}

/** Replaces a user's overrides (inside the caller's transaction). */
export async function replaceTypeRebates(db: Executor, userId: number, items: readonly TypeRebate[]) {
  await db.execute(sql`DELETE FROM user_type_rebate WHERE user_id = ${userId}`);
  for (const i of items) {
    await db.execute(
      sql`INSERT INTO user_type_rebate (user_id, lottery_type, rebate)
          VALUES (${userId}, ${i.lotteryType}, ${i.rebate}::numeric)`,
    );
  }
}

/** Writes a new invite code's overrides (inside the transaction that inserts the code). */
export async function insertCodeTypeRebates(db: Executor, codeId: number, items: readonly TypeRebate[]) {
  for (const i of items) {
    await db.execute(
      sql`INSERT INTO invite_code_type_rebate (invite_code_id, lottery_type, rebate)
          VALUES (${codeId}, ${i.lotteryType}, ${i.rebate}::numeric)`,
    );
  }
}

/** The overrides of several invite codes, by code id. */
export async function codeTypeRebatesOf(
  db: Executor,
  codeIds: readonly number[],
): Promise<Map<number, TypeRebate[]>> {
  const out = new Map<number, TypeRebate[]>();
  if (codeIds.length === 0) return out;
  const rows = await queryRows<{ invite_code_id: string; lottery_type: number; rebate: string }>(
    db,
    sql`SELECT invite_code_id::text, lottery_type, rebate::text FROM invite_code_type_rebate
        WHERE invite_code_id = ANY(${pgArray(codeIds)}::bigint[])
        ORDER BY invite_code_id, lottery_type`,
  );
  for (const r of rows) {
    const id = Number(r.invite_code_id);
    const list = out.get(id) ?? [];
    list.push({ lotteryType: Number(r.lottery_type), rebate: r.rebate });
    out.set(id, list);
  }
  return out;
}
