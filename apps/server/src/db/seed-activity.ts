import { yuan } from '@lottery/contract/money';
import { upsertGradeRule, upsertSignReward } from '../modules/activity/index';
import type { Executor } from './sql';

/**
 * Default sign-in ladder and VIP rules of a tenant (docs/vip.md). Called by the demo seed; an
 * operator changes them with `npm run admin -- sign-reward|vip-rule` (cli/activity-commands.ts).
 */
export const DEFAULT_SIGN_REWARDS_YUAN = [1, 2, 3, 5, 5, 8, 18] as const;

/** [grade, growth needed (yuan), upgrade bonus (yuan)]. */
export const DEFAULT_VIP_RULES_YUAN: readonly (readonly [number, number, number])[] = [
  [1, 0, 0],
  [2, 1_000, 8],
  [3, 5_000, 18],
  [4, 20_000, 58],
  [5, 50_000, 128],
  [6, 100_000, 288],
  [7, 300_000, 588],
  [8, 800_000, 1_288],
  [9, 2_000_000, 2_888],
  [10, 5_000_000, 8_888],
];

/** Turnover required on every reward before withdrawal, percent of the reward. */
export const DEFAULT_REWARD_TURNOVER_PERCENT = 100;

export async function seedActivityDefaults(db: Executor, tenantId: number): Promise<void> {
  for (const [i, reward] of DEFAULT_SIGN_REWARDS_YUAN.entries()) {
    await upsertSignReward(db, tenantId, {
      dayNo: i + 1,
      rewardMinor: yuan(reward),
      turnoverPercent: DEFAULT_REWARD_TURNOVER_PERCENT,
    });
  }
  for (const [grade, growth, bonus] of DEFAULT_VIP_RULES_YUAN) {
    await upsertGradeRule(db, tenantId, {
      grade,
      growthMinor: yuan(growth),
      bonusMinor: yuan(bonus),
      turnoverPercent: DEFAULT_REWARD_TURNOVER_PERCENT,
    });
  }
}
