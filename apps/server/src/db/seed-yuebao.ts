import { yuan } from '@lottery/contract/money';
import { beijingDay, upsertConfig, upsertProduct } from '../modules/yuebao/index';
import type { Executor } from './sql';

/**
 * Default yuebao rules of the demo tenant (docs/yuebao.md): 3.65 % a year (1 yuan a day per
 * 10000 yuan), transfers in of 1-1,000,000 yuan, at most 5,000,000 yuan held; three pledge
 * products. A production tenant starts with none (yuebao answers -110004) until the operator sets
 * them with `npm run admin -- yuebao-rate|yuebao-product`.
 */
export const DEFAULT_YUEBAO_RATE_PPM = 36_500;

export const DEFAULT_PLEDGE_PRODUCTS = [
  { name: '7天质押', termDays: 7, ratePpm: 50_000, min: 100, max: 100_000, maxOrders: 3, penaltyPpm: 10_000 },
  {
    name: '30天质押',
    termDays: 30,
    ratePpm: 80_000,
    min: 500,
    max: 500_000,
    maxOrders: 3,
    penaltyPpm: 20_000,
  },
  {
    name: '90天质押',
    termDays: 90,
    ratePpm: 120_000,
    min: 1_000,
    max: 1_000_000,
    maxOrders: 2,
    penaltyPpm: 30_000,
  },
] as const;

export async function seedYuebaoDefaults(db: Executor, tenantId: number, nowMs: number): Promise<void> {
  await upsertConfig(
    db,
    {
      tenantId,
      ratePpm: DEFAULT_YUEBAO_RATE_PPM,
      minInMinor: yuan(1),
      maxInMinor: yuan(1_000_000),
      maxBalanceMinor: yuan(5_000_000),
      startDay: beijingDay(nowMs),
    },
    nowMs,
  );
  for (const [sort, p] of DEFAULT_PLEDGE_PRODUCTS.entries()) {
    await upsertProduct(
      db,
      {
        tenantId,
        name: p.name,
        termDays: p.termDays,
        ratePpm: p.ratePpm,
        minMinor: yuan(p.min),
        maxMinor: yuan(p.max),
        maxOrders: p.maxOrders,
        penaltyPpm: p.penaltyPpm,
        enabled: true,
        sort,
      },
      nowMs,
    );
  }
}
