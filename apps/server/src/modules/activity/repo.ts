import { sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { entryTotals } from '../wallet/index';

/** Deposit credits that count as growth: 101-115 except 110 (savings). */
const DEPOSIT_CODES = Array.from({ length: 15 }, (_, i) => 101 + i).filter((code) => code !== 110);

/** SQL of the sign-in and VIP tables (migration 0450). */

export type SignRewardRow = { dayNo: number; rewardMinor: bigint; turnoverPercent: number };
export type GradeRuleRow = {
  grade: number;
  growthMinor: bigint;
  bonusMinor: bigint;
  turnoverPercent: number;
};
export type SignRow = { signDay: number; streak: number; rewardMinor: bigint };

export async function signRewards(db: Executor, tenantId: number): Promise<SignRewardRow[]> {
  const rows = await queryRows<{ day_no: number; reward_minor: string; turnover_percent: number }>(
    db,
    sql`SELECT day_no, reward_minor::text, turnover_percent FROM activity_sign_reward
        WHERE tenant_id = ${tenantId} ORDER BY day_no LIMIT 31`,
  );
  return rows.map((r) => ({
    dayNo: Number(r.day_no),
    rewardMinor: BigInt(r.reward_minor),
    turnoverPercent: Number(r.turnover_percent),
  }));
}

export async function gradeRules(db: Executor, tenantId: number): Promise<GradeRuleRow[]> {
  const rows = await queryRows<{
    grade: number;
    growth_minor: string;
    bonus_minor: string;
    turnover_percent: number;
  }>(
    db,
    sql`SELECT grade, growth_minor::text, bonus_minor::text, turnover_percent FROM vip_grade_rule
        WHERE tenant_id = ${tenantId} ORDER BY grade LIMIT 10`,
  );
  return rows.map((r) => ({
    grade: Number(r.grade),
    growthMinor: BigInt(r.growth_minor),
    bonusMinor: BigInt(r.bonus_minor),
    turnoverPercent: Number(r.turnover_percent),
  }));
}

/** The player's latest sign on or before `day` (to tell today's and yesterday's). */
export async function latestSign(db: Executor, userId: number, day: number): Promise<SignRow | undefined> {
  const row = await queryOne<{ sign_day: number; streak: number; reward_minor: string }>(
    db,
    sql`SELECT sign_day, streak, reward_minor::text FROM activity_sign
        WHERE user_id = ${userId} AND sign_day <= ${day} ORDER BY sign_day DESC LIMIT 1`,
  );
  return row
    ? { signDay: Number(row.sign_day), streak: Number(row.streak), rewardMinor: BigInt(row.reward_minor) }
    : undefined;
}

export async function signTotal(db: Executor, userId: number): Promise<bigint> {
  const row = await queryOne<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(reward_minor), 0)::text AS total FROM activity_sign WHERE user_id = ${userId}`,
  );
  return BigInt(row!.total);
}

/** Claims the day; false when a sign for that day already exists (the loser of a race included). */
export async function insertSign(
  db: Executor,
  row: { tenantId: number; userId: number; day: number; streak: number; rewardMinor: bigint; nowMs: number },
): Promise<boolean> {
  const inserted = await queryOne<{ id: string }>(
    db,
    sql`INSERT INTO activity_sign (tenant_id, user_id, sign_day, streak, reward_minor, created_at)
        VALUES (${row.tenantId}, ${row.userId}, ${row.day}, ${row.streak}, ${row.rewardMinor}, ${row.nowMs})
        ON CONFLICT (user_id, sign_day) DO NOTHING RETURNING id::text`,
  );
  return inserted !== undefined;
}

/**
 * Settled turnover (won or lost bets, plus the valid turnover of table-game rounds, game_turnover)
 * and deposits (ledger 101-115 except 110, savings).
 */
export async function growthOf(
  db: Executor,
  userId: number,
  playerAccountId: number,
): Promise<{ turnoverMinor: bigint; depositMinor: bigint }> {
  const row = await queryOne<{ turnover: string }>(
    db,
    sql`SELECT
          ((SELECT coalesce(sum(amount_minor), 0) FROM bet
            WHERE user_id = ${userId} AND state IN (1, 2))
          + (SELECT coalesce(sum(valid_minor), 0) FROM game_turnover WHERE user_id = ${userId}))::text AS turnover`,
  );
  const deposits = await entryTotals(db, {
    account: playerAccountId,
    typeCodes: DEPOSIT_CODES,
    creditsOnly: true,
  });
  return { turnoverMinor: BigInt(row!.turnover), depositMinor: deposits.sumMinor };
}

export async function claimedGrades(
  db: Executor,
  userId: number,
): Promise<{ grade: number; bonusMinor: bigint }[]> {
  const rows = await queryRows<{ grade: number; bonus_minor: string }>(
    db,
    sql`SELECT grade, bonus_minor::text FROM vip_bonus_claim WHERE user_id = ${userId} ORDER BY grade LIMIT 10`,
  );
  return rows.map((r) => ({ grade: Number(r.grade), bonusMinor: BigInt(r.bonus_minor) }));
}

/** Claims one grade's bonus; false when it was already claimed (the loser of a race included). */
export async function insertClaim(
  db: Executor,
  row: { tenantId: number; userId: number; grade: number; bonusMinor: bigint; nowMs: number },
): Promise<boolean> {
  const inserted = await queryOne<{ id: string }>(
    db,
    sql`INSERT INTO vip_bonus_claim (tenant_id, user_id, grade, bonus_minor, created_at)
        VALUES (${row.tenantId}, ${row.userId}, ${row.grade}, ${row.bonusMinor}, ${row.nowMs})
        ON CONFLICT (user_id, grade) DO NOTHING RETURNING id::text`,
  );
  return inserted !== undefined;
}

export async function upsertSignReward(db: Executor, tenantId: number, row: SignRewardRow): Promise<void> {
  await db.execute(sql`
    INSERT INTO activity_sign_reward (tenant_id, day_no, reward_minor, turnover_percent)
    VALUES (${tenantId}, ${row.dayNo}, ${row.rewardMinor}, ${row.turnoverPercent})
    ON CONFLICT (tenant_id, day_no) DO UPDATE
      SET reward_minor = EXCLUDED.reward_minor, turnover_percent = EXCLUDED.turnover_percent`);
}

export async function deleteSignRewardsFrom(db: Executor, tenantId: number, fromDay: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM activity_sign_reward WHERE tenant_id = ${tenantId} AND day_no >= ${fromDay}`,
  );
}

export async function upsertGradeRule(db: Executor, tenantId: number, row: GradeRuleRow): Promise<void> {
  await db.execute(sql`
    INSERT INTO vip_grade_rule (tenant_id, grade, growth_minor, bonus_minor, turnover_percent)
    VALUES (${tenantId}, ${row.grade}, ${row.growthMinor}, ${row.bonusMinor}, ${row.turnoverPercent})
    ON CONFLICT (tenant_id, grade) DO UPDATE
      SET growth_minor = EXCLUDED.growth_minor, bonus_minor = EXCLUDED.bonus_minor,
          turnover_percent = EXCLUDED.turnover_percent`);
}
