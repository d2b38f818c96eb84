import { z } from 'zod';
import { endpoint } from './endpoint';
import { serialId } from './ids';
import { ActivityCentrePaths as P } from './paths';

/**
 * Daily sign-in and VIP growth (spec/platform.md §3 grades, §7 activity/*; rules in docs/vip.md).
 * Amounts on the wire are decimal yuan strings formatted from bigint minor units.
 */

/** Grade names of spec/platform.md §3 (VIP1-VIP10). */
export const VIP_GRADE_NAMES: Record<number, string> = {
  1: '青铜',
  2: '白银',
  3: '黄金',
  4: '铂金',
  5: '钻石',
  6: '水晶',
  7: '皇冠',
  8: '星耀',
  9: '王者',
  10: '彩神',
};
export const VIP_MIN_GRADE = 1;
export const VIP_MAX_GRADE = 10;

export const ActivityMessages = {
  signed: '签到成功',
  alreadySigned: '今日已签到，请明天再来',
  signClosed: '签到活动暂未开放',
  noBonus: '暂无可领取的晋级奖励',
  bonusBanned: '您的账号暂不能领取晋级奖励',
  claimed: '领取成功',
} as const;

const money = z.string();

/** One streak day of the sign-in ladder. */
export const SignRewardDay = z.object({ day: z.number().int(), amount: money });

export const DailySignStatus = z.object({
  /** 1 when today (Beijing) is already signed. */
  isSign: z.union([z.literal(0), z.literal(1)]),
  /** Consecutive days up to today (if signed) or yesterday (if not); 0 when the streak broke. */
  continuousDays: z.number().int(),
  /** What signing today pays (0.00 when already signed). */
  todayAmount: money,
  /** Streak day that today's sign counts as, within the reward cycle. */
  todayDay: z.number().int(),
  /** Total ever received from sign-in. */
  totalAmount: money,
  rewards: z.array(SignRewardDay),
});
export type DailySignStatus = z.infer<typeof DailySignStatus>;

export const SignTodayData = z.object({
  amount: money,
  continuousDays: z.number().int(),
  balance: money,
});
export type SignTodayData = z.infer<typeof SignTodayData>;

export const UpgradeGrade = z.object({
  grade: z.number().int(),
  gradeName: z.string(),
  /** Growth (settled turnover + deposits, yuan) needed to reach the grade. */
  growth: money,
  bonus: money,
});
export type UpgradeGrade = z.infer<typeof UpgradeGrade>;

export const UpgradeConfig = z.object({ grades: z.array(UpgradeGrade) });
export type UpgradeConfig = z.infer<typeof UpgradeConfig>;

/** Spec §3 "Upgrade bonus: state, isBan, userGrade", with the progress the grade page shows. */
export const UserUpGradeBonus = z.object({
  /** 1 when at least one reached grade has an unclaimed bonus. */
  state: z.union([z.literal(0), z.literal(1)]),
  /** 1 when this account may not grow or claim (test group, admin). */
  isBan: z.union([z.literal(0), z.literal(1)]),
  userGrade: z.number().int(),
  gradeName: z.string(),
  growth: money,
  turnover: money,
  deposit: money,
  /** Next grade and the growth it needs; null at the top grade. */
  nextGrade: z.number().int().nullable(),
  nextGrowth: money.nullable(),
  /** 0-100, integer percent of the way from this grade's threshold to the next. */
  progress: z.number().int(),
  claimable: z.array(z.object({ grade: z.number().int(), bonus: money })),
  claimableAmount: money,
  claimed: z.array(z.object({ grade: z.number().int(), bonus: money })),
});
export type UserUpGradeBonus = z.infer<typeof UserUpGradeBonus>;

export const ReceiveUpGradeBonusData = z.object({
  grades: z.array(z.number().int()),
  amount: money,
  balance: money,
});
export type ReceiveUpGradeBonusData = z.infer<typeof ReceiveUpGradeBonusData>;

export const ActivityApi = {
  getDailySignStatus: endpoint({
    method: 'GET',
    path: 'activity/getDailySignStatus',
    summary: "Today's sign-in state, the streak and the reward ladder",
    data: DailySignStatus,
    login: true,
  }),
  signToday: endpoint({
    method: 'POST',
    path: 'activity/signToday',
    summary: 'Sign in for today (Beijing day); pays the streak reward once (ledger 215)',
    data: SignTodayData,
    login: true,
  }),
  getUpgradeConfig: endpoint({
    method: 'GET',
    path: 'activity/getUpgradeConfig',
    summary: 'The VIP ladder: grades 1-10 with names, growth thresholds and upgrade bonuses',
    data: UpgradeConfig,
  }),
  getUserUpGradeBonus: endpoint({
    method: 'GET',
    path: 'activity/getUserUpGradeBonus',
    summary: "The player's grade, growth, progress and claimable upgrade bonuses",
    data: UserUpGradeBonus,
    login: true,
  }),
  receiveUpGradeBonus: endpoint({
    method: 'POST',
    path: 'activity/receiveUpGradeBonus',
    summary: 'Claim every reached grade whose upgrade bonus is unpaid (ledger 219), each once',
    data: ReceiveUpGradeBonusData,
    login: true,
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// The activity centre (/activity) and activity red envelopes (/activityRed). docs/activities.md.

export const ActivityCentreMessages = {
  missing: '活动不存在',
  notStarted: '活动未开始',
  ended: '活动已结束',
  nothingToClaim: '该活动无需领取',
  banned: '您的账号暂不能参加活动',
  gradeTooLow: (grade: number) => `VIP${grade}及以上等级才能参加该活动`,
  alreadyClaimed: '您已领取过该奖励',
  bonusBelowTier: '昨日投注未达到加奖标准',
  turnoverBelow: '活动期间投注未达到领取要求',
  envelopeMissing: '红包不存在',
  envelopeNotStarted: '红包活动未开始',
  envelopeEnded: '红包活动已结束',
  envelopeGrabbed: '您已领取过该红包',
  envelopeEmpty: '红包已抢光',
  received: '领取成功',
} as const;

/**
 * Activities and their red-envelope pools are int4 rows (ids.ts): an id past int4 answers as an
 * unknown one (-2 活动不存在 / 红包不存在), a malformed one -2 参数错误.
 */
const activityId = serialId(ActivityCentreMessages.missing);
const poolId = serialId(ActivityCentreMessages.envelopeMissing);
export const activityIdQuery = z.object({ activityId });
export const optionalActivityIdQuery = z.object({ activityId: activityId.optional() });
export const activityIdForm = z.object({ activityId });
/** A red-envelope pool's calls name it `activityId` too (the spec's field). */
export const optionalPoolIdQuery = z.object({ activityId: poolId.optional() });
export const poolIdForm = z.object({ activityId: poolId });

/**
 * What an activity pays: `article` nothing (a description, e.g. of the deposit bonus that
 * getRechargeDiscount pays at deposit), `daily_bonus` 每日加奖 on yesterday's settled turnover by
 * tier (ledger 206), `turnover_reward` a one-time reward once the turnover settled during the
 * activity reaches its threshold (ledger 207).
 */
export const ActivityKind = z.enum(['article', 'daily_bonus', 'turnover_reward']);
export type ActivityKind = z.infer<typeof ActivityKind>;

/** 1 进行中, 2 未开始, 3 已结束 (Beijing time, from startAt/endAt). */
export const ActivityState = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const ActivityItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Cover image, a path on our origin. */
  imageUrl: z.string(),
  kind: ActivityKind,
  startAt: z.number(),
  /** null: no end. */
  endAt: z.number().nullable(),
  state: ActivityState,
  /** Lowest VIP grade that may claim. */
  minGrade: z.number().int(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ActivityList = z.object({ rows: z.array(ActivityItem) });
export type ActivityList = z.infer<typeof ActivityList>;

/**
 * The reader's standing in a claimable activity: `state` 0 nothing to claim yet (with `reason`),
 * 1 claimable now, 2 already claimed (this period). `base` is the turnover it counts, `target` the
 * threshold (turnover reward) or the tier reached (daily bonus), `amount` what a claim pays.
 */
export const ActivityClaim = z.object({
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  base: money,
  target: money.nullable(),
  amount: money,
  /** Daily bonus: the tier's rate in percent (e.g. "0.50"); null otherwise. */
  rate: z.string().nullable(),
  reason: z.string(),
});
export type ActivityClaim = z.infer<typeof ActivityClaim>;

export const ActivityContent = ActivityItem.extend({
  /** Operator HTML, sanitised when stored and when served. */
  content: z.string(),
  /** Absent for visitors and for `article` activities. */
  claim: ActivityClaim.nullable(),
});
export type ActivityContent = z.infer<typeof ActivityContent>;

/** A daily-bonus tier: yesterday's settled turnover from `turnover` earns `rate` percent. */
export const RewardRateRow = z.object({ turnover: money, rate: z.string() });
export const RewardRates = z.object({
  activityId: z.number().int().nullable(),
  rows: z.array(RewardRateRow),
});
export type RewardRates = z.infer<typeof RewardRates>;

/** getEveryDayBonus: yesterday's turnover, the tier reached and today's claim of it. */
export const EveryDayBonus = ActivityClaim.extend({
  activityId: z.number().int().nullable(),
  /** The Beijing date whose turnover counts, YYYY-MM-DD. */
  day: z.string(),
});
export type EveryDayBonus = z.infer<typeof EveryDayBonus>;

export const ReceiveActivityData = z.object({ amount: money, balance: money });
export type ReceiveActivityData = z.infer<typeof ReceiveActivityData>;

/**
 * An activity red envelope for the reader. `state`: 1 可领取, 2 已领取 (`amount` is theirs),
 * 3 已抢光, 4 未开始, 5 已结束, 6 等级不足, 0 visitor (log in to grab).
 */
export const ActivityEnvelope = z.object({
  id: z.number().int(),
  title: z.string(),
  remark: z.string(),
  totalAmount: money,
  count: z.number().int(),
  leftCount: z.number().int(),
  minGrade: z.number().int(),
  startAt: z.number(),
  endAt: z.number(),
  state: z.number().int().min(0).max(6),
  amount: money.nullable(),
  /** What every grab so far took, together (已领取x/y个，共a/b元: a). */
  receivedAmount: money,
});
export type ActivityEnvelope = z.infer<typeof ActivityEnvelope>;

/** One grab of an envelope, newest first, account masked. */
export const EnvelopeGrab = z.object({ userName: z.string(), amount: money, createdAt: z.number() });

export const ActivityEnvelopeList = z.object({
  rows: z.array(ActivityEnvelope),
  /** Only when one envelope was asked for (`activityId`): its latest grabs. */
  grabs: z.array(EnvelopeGrab).optional(),
});
export type ActivityEnvelopeList = z.infer<typeof ActivityEnvelopeList>;

export const ReceiveEnvelopeData = z.object({ amount: money, balance: money });
export type ReceiveEnvelopeData = z.infer<typeof ReceiveEnvelopeData>;

export const ActivityCentreApi = {
  getActivityList: endpoint({
    method: 'GET',
    path: P.getActivityList,
    summary: "Enabled activities that have not ended more than 7 days ago, in the operator's order",
    data: ActivityList,
  }),
  getActivityContent: endpoint({
    method: 'GET',
    path: P.getActivityContent,
    summary: 'One activity with its sanitised HTML and, for a player, the claim standing',
    request: activityIdQuery,
    data: ActivityContent,
  }),
  receiveActivity: endpoint({
    method: 'POST',
    path: P.receiveActivity,
    summary: 'Claim an activity reward (206 daily bonus once per day, 207 turnover reward once)',
    request: activityIdForm,
    data: ReceiveActivityData,
    login: true,
  }),
  getRewardRate: endpoint({
    method: 'GET',
    path: P.getRewardRate,
    summary: "A daily-bonus activity's tiers (the running one when no activityId)",
    request: optionalActivityIdQuery,
    data: RewardRates,
  }),
  getEveryDayBonus: endpoint({
    method: 'GET',
    path: P.getEveryDayBonus,
    summary: "Yesterday's settled turnover, the tier it reached and today's claim",
    request: optionalActivityIdQuery,
    data: EveryDayBonus,
    login: true,
  }),
  getActivityRedEnvelopeNumber: endpoint({
    method: 'GET',
    path: P.getActivityRedEnvelopeNumber,
    summary: 'How many activity red envelopes the reader can grab now (0 for a visitor)',
    data: z.number().int(),
  }),
  getActivityRedEnvelopeFrontList: endpoint({
    method: 'GET',
    path: P.getActivityRedEnvelopeFrontList,
    summary: 'Activity red envelopes running, coming or ended in the last 7 days; one with its grabs',
    request: optionalPoolIdQuery,
    data: ActivityEnvelopeList,
  }),
  receiveRedEnvelope: endpoint({
    method: 'POST',
    path: P.receiveRedEnvelope,
    summary: 'Grab one share of an activity red envelope, once per player (ledger 214)',
    request: poolIdForm,
    data: ReceiveEnvelopeData,
    login: true,
  }),
} as const;
