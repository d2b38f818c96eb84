import { DEFAULT_POLICY, type PrizeGroupPolicy, parseRebateTenths } from '@lottery/rules/odds';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryOne } from '../../db/sql';
import { hiddenModes, tenantOf } from '../site/index';

export interface BettingPolicy {
  policy: PrizeGroupPolicy;
  centEnabled: boolean;
  /** The modes of a family this tenant does not offer (site/hidden-plays.ts). */
  hiddenModes: (family: string) => readonly string[];
  tenantLottery?: { isStop: boolean };
}

/** The tenant's prize-group policy, cent-mode switch, hidden plays and its catalogue row of a lottery. */
export async function bettingPolicy(
  ctx: AppContext,
  tenantId: number,
  lotteryCode?: string,
): Promise<BettingPolicy> {
  const tenant = await tenantOf(ctx);
  const maxRebateTenths = parseRebateTenths(String(tenant.maxRebate)) ?? DEFAULT_POLICY.maxRebateTenths;
  const policy: PrizeGroupPolicy = { minGroup: DEFAULT_POLICY.minGroup, maxRebateTenths };
  const centEnabled = tenant.config.stockCentEnable === true;
  const hidden = (family: string) => hiddenModes(ctx.config, tenant.code, family);
  if (!lotteryCode) return { policy, centEnabled, hiddenModes: hidden };
  const row = await queryOne<{ is_stop: boolean }>(
    ctx.db,
    sql`SELECT is_stop FROM lotteries WHERE tenant_id = ${tenantId} AND code = ${lotteryCode}`,
  );
  return { policy, centEnabled, hiddenModes: hidden, tenantLottery: row && { isStop: row.is_stop } };
}
