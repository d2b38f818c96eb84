import type { AllRebateData, RebateData } from '@lottery/contract/betting';
import type { Family } from '@lottery/rules/family';
import { FAMILY_LOTTERY_TYPE } from '@lottery/rules/lotteries';
import { formatRebateTenths, parseRebateTenths, rebateTable } from '@lottery/rules/odds';
import { playsOf } from '@lottery/rules/plays';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryOne } from '../../db/sql';
import { type BettingPolicy, bettingPolicy } from './policy';

/** The player's rebate and odds tables (betting/getBetRebate, getAllBetRebate), from packages/rules. */

const FAMILY_BY_TYPE = new Map<number, Family>(
  Object.entries(FAMILY_LOTTERY_TYPE).map(([family, type]) => [type, family as Family]),
);

/** The player's single rebate and its per-type overrides (user_type_rebate, migration 0702). */
export async function userRebate(
  ctx: AppContext,
  userId: number,
): Promise<{ tenths: number; updatedAt: number; byType: Map<number, number> }> {
  const row = await queryOne<{ rebate: string; rebate_updated_at: string; types: string | null }>(
    ctx.db,
    sql`SELECT u.rebate::text, u.rebate_updated_at::text,
          (SELECT string_agg(r.lottery_type || ':' || r.rebate, ',') FROM user_type_rebate r
            WHERE r.user_id = u.id) AS types
        FROM users u WHERE u.id = ${userId}`,
  );
  const byType = new Map<number, number>();
  for (const pair of row?.types ? row.types.split(',') : []) {
    const [type, rebate] = pair.split(':');
    byType.set(Number(type), parseRebateTenths(rebate ?? '0') ?? 0);
  }
  return {
    tenths: parseRebateTenths(row?.rebate ?? '0') ?? 0,
    updatedAt: Number(row?.rebate_updated_at ?? 0),
    byType,
  };
}

function tableFor(
  lotteryType: number,
  family: Family,
  { policy, hiddenModes }: Pick<BettingPolicy, 'policy' | 'hiddenModes'>,
  tenths: number,
): RebateData {
  // A play the tenant does not offer has no odds either (site/hidden-plays.ts).
  const hidden = hiddenModes(family);
  const plays = playsOf(family).filter((p) => !hidden.includes(p.code));
  const table = rebateTable(plays, policy, Math.min(tenths, policy.maxRebateTenths));
  return {
    lotteryType,
    rebate: table.rebate,
    group: table.group,
    odds: table.odds.map((o) => ({
      playCode: o.playCode,
      tier: o.tier,
      tierName: o.tierName,
      bonus: o.bonus,
      credit: o.credit,
    })),
  };
}

/** Whether `lotteryType` has a rebate table (the lottery families; not the table games, 9-14). */
export const hasRebateTable = (lotteryType: number) => FAMILY_BY_TYPE.has(lotteryType);

/** The rebate table of `lotteryType` at `tenths` (the player's figure for it), under the tenant's policy. */
export async function rebateTableAt(
  ctx: AppContext,
  tenantId: number,
  lotteryType: number,
  tenths: number,
): Promise<RebateData | undefined> {
  const family = FAMILY_BY_TYPE.get(lotteryType);
  if (!family) return undefined;
  return tableFor(lotteryType, family, await bettingPolicy(ctx, tenantId), tenths);
}

/** Undefined for the table-game types (9-14), which have no lottery plays. */
export async function betRebate(
  ctx: AppContext,
  user: { userId: number; tenantId: number },
  lotteryType: number,
): Promise<RebateData | undefined> {
  const family = FAMILY_BY_TYPE.get(lotteryType);
  if (!family) return undefined;
  const tenant = await bettingPolicy(ctx, user.tenantId);
  const { tenths, byType } = await userRebate(ctx, user.userId);
  return tableFor(lotteryType, family, tenant, byType.get(lotteryType) ?? tenths);
}

export async function allBetRebate(
  ctx: AppContext,
  user: { userId: number; tenantId: number },
): Promise<AllRebateData> {
  const tenant = await bettingPolicy(ctx, user.tenantId);
  const { policy } = tenant;
  const { tenths, updatedAt, byType } = await userRebate(ctx, user.userId);
  const all: Record<string, RebateData> = {};
  for (const [type, family] of FAMILY_BY_TYPE) {
    all[String(type)] = tableFor(type, family, tenant, byType.get(type) ?? tenths);
  }
  // The single figure (types without an override); each table carries its own type's rebate.
  const rebate = formatRebateTenths(Math.min(tenths, policy.maxRebateTenths));
  return { rebate, rebateupdatedAt: updatedAt, allRebateData: all };
}
