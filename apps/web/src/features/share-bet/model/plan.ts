import { MAX_MULTIPLIER, MAX_PER_BET_YUAN } from '@lottery/rules/amount';
import { lotteryByCode } from '@lottery/rules/lotteries';
import type { FollowableLine } from './share';

/**
 * Following a push plan (type 10, spec/betting.md §2 推送计划注单, §5): a plan picks 大 or 小 for an issue;
 * the follower bets that pick on the issue on sale. The plans the platform pushes are 快三 plans, whose
 * 大 is a dice sum of 11-18 and 小 3-10 (how the plan job settles them), so the pick is placed as 和值
 * (A10) on those sums, one note per sum at the per-bet amount typed. Other families are not offered.
 */

export interface PlanCard {
  planId: number;
  gameName: string;
  lotteryCode: string;
  issue: string;
  predictionResult: string;
  /** 0 未中, 1 已中, 2 等待开奖. */
  isPrize: number;
}

export const PLAN_AMOUNT_REQUIRED = '请输入单注金额';
export const PLAN_MULTIPLIER_REQUIRED = '请输入单注倍数';

/** The card's JSON, or null when it is not a plan card. */
export function parsePlanCard(text: string): PlanCard | null {
  try {
    const v = JSON.parse(text) as Partial<PlanCard>;
    if (
      typeof v.planId !== 'number' ||
      typeof v.lotteryCode !== 'string' ||
      typeof v.issue !== 'string' ||
      typeof v.predictionResult !== 'string' ||
      typeof v.isPrize !== 'number'
    )
      return null;
    return { gameName: '', ...v } as PlanCard;
  } catch {
    return null;
  }
}

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

/** The line a plan's pick becomes, at a per-bet base of 1 yuan (the dialog sets the amount), or null. */
export function planLine(plan: Pick<PlanCard, 'lotteryCode' | 'predictionResult'>): FollowableLine | null {
  const lottery = lotteryByCode(plan.lotteryCode);
  if (lottery?.family !== 'K3') return null;
  const sums =
    plan.predictionResult === '大' ? range(11, 18) : plan.predictionResult === '小' ? range(3, 10) : null;
  if (!sums) return null;
  return {
    lotteryCode: lottery.code,
    playDetailCode: `${lottery.code}A10`,
    bettingNumber: sums.join(','),
    bettingCount: sums.length,
    bettingUnit: '1',
    graduationCount: 1,
    baseMinor: 10_000n,
  };
}

/**
 * The per-bet field (spec §5 push-plan): digits only; at most 7 characters and 1,000,000 in amount
 * mode, 5 characters and 10000 in multiplier mode. Answers the cleaned text.
 */
export function cleanPlanInput(text: string, multiplierMode: boolean): string {
  const digits = text.replace(/\D/g, '').slice(0, multiplierMode ? 5 : 7);
  if (digits === '') return '';
  const n = Number(digits);
  const max = multiplierMode ? MAX_MULTIPLIER : MAX_PER_BET_YUAN;
  return String(Math.min(n, max));
}
