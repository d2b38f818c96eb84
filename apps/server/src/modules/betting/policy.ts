import { DEFAULT_POLICY, type PrizeGroupPolicy, parseRebateTenths } from '@lottery/rules/odds';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryOne } from '../../db/sql';
import { tenantOf } from '../site/index';

/** The tenant's prize-group policy, cent-mode switch and its catalogue row of a lottery. */
export async function bettingPolicy(
  ctx: AppContext,
  tenantId: number,
  lotteryCode?: string,
): Promise<{ policy: PrizeGroupPolicy; centEnabled: boolean; tenantLottery?: { isStop: boolean } }> {
  const tenant = await tenantOf(ctx);
  const maxRebateTenths = parseRebateTenths(String(tenant.maxRebate)) ?? DEFAULT_POLICY.maxRebateTenths;
  const policy: PrizeGroupPolicy = { minGroup: DEFAULT_POLICY.minGroup, maxRebateTenths };
  const centEnabled = tenant.config.stockCentEnable === true;
  if (!lotteryCode) return { policy, centEnabled };
  const row = await queryOne<{ is_stop: boolean }>(
    ctx.db,
    sql`SELECT is_stop FROM lotteries WHERE tenant_id = ${tenantId} AND code = ${lotteryCode}`,
  );
  return { policy, centEnabled, tenantLottery: row && { isStop: row.is_stop } };
}
