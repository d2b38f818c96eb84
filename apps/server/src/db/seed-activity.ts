import { yuan } from '@lottery/contract/money';
import { createActivity, createEnvelope, upsertGradeRule, upsertSignReward } from '../modules/activity/index';
import type { Executor } from './sql';

/**
 * Default sign-in ladder and VIP rules of a tenant (docs/vip.md). Called by the demo seed; an
 * operator changes them with `npm run admin -- sign-reward|vip-rule` (modules/activity/admin-commands.ts).
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

const DAY_MS = 86_400_000;

/**
 * The demo tenant's activity centre (docs/activities.md): a daily bonus, a turnover reward, the
 * deposit-bonus description and two activity red envelopes, running for a year from the seed.
 */
export async function seedActivityCentre(db: Executor, tenantId: number, nowMs: number): Promise<void> {
  const startAt = nowMs - DAY_MS;
  const endAt = nowMs + 365 * DAY_MS;
  await createActivity(
    db,
    tenantId,
    {
      title: '每日加奖',
      summary: '昨日投注越多，今日加奖越高，最高1%',
      imageUrl: '/static/banners/daily-bonus.webp',
      html:
        '<p>每天可领取一次<b>昨日已结算投注</b>的加奖，按投注额所达档位计算：</p>' +
        '<ul><li>投注满 100 元，加奖 0.3%</li><li>投注满 1,000 元，加奖 0.5%</li>' +
        '<li>投注满 10,000 元，加奖 1%</li></ul><p>加奖当日有效，需完成 1 倍流水后方可提现。</p>',
      kind: 'daily_bonus',
      startAt,
      endAt,
      sortOrder: 1,
      rates: [
        { minTurnoverMinor: yuan(100), rateBp: 30 },
        { minTurnoverMinor: yuan(1_000), rateBp: 50 },
        { minTurnoverMinor: yuan(10_000), rateBp: 100 },
      ],
    },
    nowMs,
  );
  await createActivity(
    db,
    tenantId,
    {
      title: '投注闯关 好礼相送',
      summary: '活动期间累计投注满 500 元，领取 18 元彩金',
      imageUrl: '/static/banners/turnover-reward.webp',
      html:
        '<p>活动期间累计<b>已结算投注</b>满 500 元，即可领取 18 元彩金，每位玩家限领一次。</p>' +
        '<p>彩金需完成 1 倍流水后方可提现。</p>',
      kind: 'turnover_reward',
      thresholdMinor: yuan(500),
      rewardMinor: yuan(18),
      startAt,
      endAt,
      sortOrder: 2,
    },
    nowMs,
  );
  await createActivity(
    db,
    tenantId,
    {
      title: '充值优惠 多充多送',
      summary: '充值即按比例赠送彩金，到账自动发放',
      imageUrl: '/static/banners/deposit-bonus.webp',
      html:
        '<p>在充值页面选择支持优惠的渠道充值，达到最低金额即按比例赠送彩金，随充值一同到账，无需领取。</p>' +
        '<p>赠送比例与上限以充值页面显示为准。</p>',
      kind: 'article',
      startAt,
      endAt: null,
      sortOrder: 3,
    },
    nowMs,
  );
  await createEnvelope(
    db,
    tenantId,
    { title: '新人红包', remark: '注册即可抢', totalMinor: yuan(888), count: 200, startAt, endAt },
    nowMs,
  );
  await createEnvelope(
    db,
    tenantId,
    {
      title: 'VIP2 专享红包',
      remark: '白银及以上等级可抢',
      totalMinor: yuan(1_888),
      count: 100,
      minGrade: 2,
      startAt,
      endAt,
    },
    nowMs,
  );
}
