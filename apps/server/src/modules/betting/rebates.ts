import type { AllRebateData, RebateData } from '@lottery/contract/betting';
import type { Family } from '@lottery/rules/family';
import { FAMILY_LOTTERY_TYPE } from '@lottery/rules/lotteries';
import { parseRebateTenths, rebateTable } from '@lottery/rules/odds';
import { playsOf } from '@lottery/rules/plays';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryOne } from '../../db/sql';
import { bettingPolicy } from './policy';

/** The player's rebate and odds tables (betting/getBetRebate, getAllBetRebate), from packages/rules. */

const FAMILY_BY_TYPE = new Map<number, Family>(
  Object.entries(FAMILY_LOTTERY_TYPE).map(([family, type]) => [type, family as Family]),
);

async function userRebate(ctx: AppContext, userId: number): Promise<{ tenths: number; updatedAt: number }> {
  const row = await queryOne<{ rebate: string; rebate_updated_at: string }>(
    ctx.db,
    sql`SELECT rebate::text, rebate_updated_at::text FROM users WHERE id = ${userId}`,
  );
  return {
    tenths: parseRebateTenths(row?.rebate ?? '0') ?? 0,
    updatedAt: Number(row?.rebate_updated_at ?? 0),
  };
}

function tableFor(
  lotteryType: number,
  family: Family,
  policy: Parameters<typeof rebateTable>[1],
  tenths: number,
): RebateData {
  const table = rebateTable(playsOf(family), policy, Math.min(tenths, policy.maxRebateTenths));
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

/** Undefined for the table-game types (9-14), which have no lottery plays. */
export async function betRebate(
  ctx: AppContext,
  user: { userId: number; tenantId: number },
  lotteryType: number,
): Promise<RebateData | undefined> {
  const family = FAMILY_BY_TYPE.get(lotteryType);
  if (!family) return undefined;
  const { policy } = await bettingPolicy(ctx, user.tenantId);
  const { tenths } = await userRebate(ctx, user.userId);
  return tableFor(lotteryType, family, policy, tenths);
}

export async function allBetRebate(
  ctx: AppContext,
  user: { userId: number; tenantId: number },
): Promise<AllRebateData> {
  const { policy } = await bettingPolicy(ctx, user.tenantId);
  const { tenths, updatedAt } = await userRebate(ctx, user.userId);
  const all: Record<string, RebateData> = {};
  for (const [type, family] of FAMILY_BY_TYPE) all[String(type)] = tableFor(type, family, policy, tenths);
  const first = Object.values(all)[0];
  return { rebate: first?.rebate ?? '0.0', rebateupdatedAt: updatedAt, allRebateData: all };
}
