import { z } from 'zod';
import { endpoint } from './endpoint';

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
