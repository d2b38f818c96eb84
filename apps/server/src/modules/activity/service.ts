import {
  ActivityMessages,
  type DailySignStatus,
  type ReceiveUpGradeBonusData,
  type SignTodayData,
  type UpgradeConfig,
  type UserUpGradeBonus,
  VIP_GRADE_NAMES,
} from '@lottery/contract/activity';
import { Codes } from '@lottery/contract/codes';
import { formatMoney } from '@lottery/contract/money';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import { raiseGrade, userGrade } from '../auth/index';
import { insertTurnoverRequirement } from '../payment/index';
import { AccountCodes, balanceOf, houseAccount, playerAccount, postTransferIn } from '../wallet/index';
import { beijingDay, gradeFor, ladderDay, nextStreak, progressPercent } from './ladder';
import {
  claimedGrades,
  gradeRules,
  growthOf,
  insertClaim,
  insertSign,
  latestSign,
  type SignRewardRow,
  signRewards,
  signTotal,
} from './repo';

/**
 * Daily sign-in (ledger 215) and VIP upgrade bonuses (ledger 219). Rules: docs/vip.md.
 *
 * Paid once: the sign row (unique per player and Beijing day) or the claim row (unique per player
 * and grade) is inserted with ON CONFLICT DO NOTHING in the same transaction as the ledger
 * transfer, whose idempotency key names the same day or grade. Of two concurrent calls one inserts
 * the row; the other waits on the unique index until the first commits, then inserts nothing and
 * pays nothing. A crash before commit leaves neither row nor money.
 */

export type Player = { tenantId: number; userId: number };

const SIGN_CODE = 215;
const UPGRADE_CODE = 219;

/** The ladder's length: its highest configured day. */
const cycleOf = (rewards: readonly SignRewardRow[]) => rewards.reduce((max, r) => Math.max(max, r.dayNo), 0);

export async function dailySignStatus(db: Db, player: Player, nowMs: number): Promise<DailySignStatus> {
  const today = beijingDay(nowMs);
  const [rewards, last, total] = await Promise.all([
    signRewards(db, player.tenantId),
    latestSign(db, player.userId, today),
    signTotal(db, player.userId),
  ]);
  const signedToday = last?.signDay === today;
  const continuousDays = signedToday ? last.streak : last?.signDay === today - 1 ? last.streak : 0;
  const todayStreak = signedToday ? last.streak : nextStreak(last, today);
  const todayDay = ladderDay(todayStreak, cycleOf(rewards));
  const todayReward = rewards.find((r) => r.dayNo === todayDay)?.rewardMinor ?? 0n;
  return {
    isSign: signedToday ? 1 : 0,
    continuousDays,
    todayAmount: formatMoney(signedToday ? 0n : todayReward),
    todayDay,
    totalAmount: formatMoney(total),
    rewards: rewards.map((r) => ({ day: r.dayNo, amount: formatMoney(r.rewardMinor) })),
  };
}

export async function signToday(db: Db, player: Player, nowMs: number): Promise<SignTodayData> {
  const rewards = await signRewards(db, player.tenantId);
  if (rewards.length === 0) throw DomainError.of(Codes.INVALID_PARAM, ActivityMessages.signClosed);
  const today = beijingDay(nowMs);
  const playerId = await playerAccount(db, player.tenantId, player.userId);
  const houseId = await houseAccount(db, player.tenantId, player.userId);
  return db.transaction(async (tx) => {
    const last = await latestSign(tx, player.userId, today - 1);
    const streak = nextStreak(last, today);
    // a day the operator left out of the ladder pays nothing but still counts for the streak
    const reward = rewards.find((r) => r.dayNo === ladderDay(streak, cycleOf(rewards))) ?? {
      rewardMinor: 0n,
      turnoverPercent: 0,
    };
    const inserted = await insertSign(tx, {
      ...player,
      day: today,
      streak,
      rewardMinor: reward.rewardMinor,
      nowMs,
    });
    if (!inserted) throw DomainError.of(Codes.INVALID_PARAM, ActivityMessages.alreadySigned);
    let balanceMinor: bigint | undefined;
    if (reward.rewardMinor > 0n) {
      const posted = await postTransferIn(
        tx,
        {
          idempotencyKey: `sign:${player.userId}:${today}`,
          typeCode: SIGN_CODE,
          lines: [
            { accountId: houseId, amountMinor: -reward.rewardMinor },
            { accountId: playerId, amountMinor: reward.rewardMinor },
          ],
          related: { kind: 'sign', id: String(today) },
          remark: `签到第${streak}天`,
        },
        nowMs,
      );
      balanceMinor = posted.entries.find((e) => e.accountId === playerId)?.balanceAfterMinor;
      await insertTurnoverRequirement(tx, {
        userId: player.userId,
        sourceKind: 'sign',
        sourceId: `${player.userId}:${today}`,
        amountMinor: reward.rewardMinor,
        requiredMinor: (reward.rewardMinor * BigInt(reward.turnoverPercent)) / 100n,
        nowMs,
      });
    }
    balanceMinor ??= await balanceOf(tx, player.tenantId, AccountCodes.player(player.userId));
    return {
      amount: formatMoney(reward.rewardMinor),
      continuousDays: streak,
      balance: formatMoney(balanceMinor),
    };
  });
}

export async function upgradeConfig(db: Db, tenantId: number): Promise<UpgradeConfig> {
  const rules = await gradeRules(db, tenantId);
  return {
    grades: rules.map((r) => ({
      grade: r.grade,
      gradeName: VIP_GRADE_NAMES[r.grade] ?? `VIP${r.grade}`,
      growth: formatMoney(r.growthMinor),
      bonus: formatMoney(r.bonusMinor),
    })),
  };
}

/** Grades outside the VIP ladder (test group -1, guests -2, admin 100) neither grow nor claim. */
const isLadderGrade = (grade: number) => grade >= 1 && grade <= 10;

/**
 * The player's standing: grade from growth (raised in users.grade when it rose, never lowered),
 * and the reached grades whose bonus is unpaid.
 */
export async function userUpGradeBonus(db: Db, player: Player): Promise<UserUpGradeBonus> {
  const playerId = await playerAccount(db, player.tenantId, player.userId);
  const [rules, growth, stored, claimed] = await Promise.all([
    gradeRules(db, player.tenantId),
    growthOf(db, player.userId, playerId),
    userGrade(db, player.userId),
    claimedGrades(db, player.userId),
  ]);
  const banned = !isLadderGrade(stored);
  const growthMinor = growth.turnoverMinor + growth.depositMinor;
  const reached = banned ? stored : Math.max(stored, gradeFor(growthMinor, rules));
  if (!banned && reached > stored) await raiseGrade(db, player.userId, reached);
  const claimedSet = new Set(claimed.map((c) => c.grade));
  const claimable = banned
    ? []
    : rules.filter(
        (r) => r.grade >= 2 && r.grade <= reached && r.bonusMinor > 0n && !claimedSet.has(r.grade),
      );
  const current = rules.find((r) => r.grade === reached);
  const next = banned ? undefined : rules.find((r) => r.grade === reached + 1);
  const claimableMinor = claimable.reduce((sum, r) => sum + r.bonusMinor, 0n);
  return {
    state: claimable.length > 0 ? 1 : 0,
    isBan: banned ? 1 : 0,
    userGrade: reached,
    gradeName: VIP_GRADE_NAMES[reached] ?? '',
    growth: formatMoney(growthMinor),
    turnover: formatMoney(growth.turnoverMinor),
    deposit: formatMoney(growth.depositMinor),
    nextGrade: next ? next.grade : null,
    nextGrowth: next ? formatMoney(next.growthMinor) : null,
    progress: progressPercent(growthMinor, current?.growthMinor ?? 0n, next ? next.growthMinor : null),
    claimable: claimable.map((r) => ({ grade: r.grade, bonus: formatMoney(r.bonusMinor) })),
    claimableAmount: formatMoney(claimableMinor),
    claimed: claimed.map((c) => ({ grade: c.grade, bonus: formatMoney(c.bonusMinor) })),
  };
}

/** Pays every reached grade's unpaid bonus, each in its own ledger transfer, all in one transaction. */
export async function receiveUpGradeBonus(
  db: Db,
  player: Player,
  nowMs: number,
): Promise<ReceiveUpGradeBonusData> {
  const standing = await userUpGradeBonus(db, player);
  if (standing.isBan) throw DomainError.of(Codes.INVALID_PARAM, ActivityMessages.bonusBanned);
  if (standing.claimable.length === 0) throw DomainError.of(Codes.INVALID_PARAM, ActivityMessages.noBonus);
  const rules = await gradeRules(db, player.tenantId);
  const playerId = await playerAccount(db, player.tenantId, player.userId);
  const houseId = await houseAccount(db, player.tenantId, player.userId);
  const paid = await db.transaction(async (tx) => {
    const grades: number[] = [];
    let amountMinor = 0n;
    for (const { grade } of standing.claimable) {
      const rule = rules.find((r) => r.grade === grade);
      if (!rule || rule.bonusMinor <= 0n) continue;
      const inserted = await insertClaim(tx, { ...player, grade, bonusMinor: rule.bonusMinor, nowMs });
      if (!inserted) continue;
      await postTransferIn(
        tx,
        {
          idempotencyKey: `vip-bonus:${player.userId}:${grade}`,
          typeCode: UPGRADE_CODE,
          lines: [
            { accountId: houseId, amountMinor: -rule.bonusMinor },
            { accountId: playerId, amountMinor: rule.bonusMinor },
          ],
          related: { kind: 'vip', id: String(grade) },
          remark: `晋级VIP${grade}奖励`,
        },
        nowMs,
      );
      await insertTurnoverRequirement(tx, {
        userId: player.userId,
        sourceKind: 'vip',
        sourceId: `${player.userId}:${grade}`,
        amountMinor: rule.bonusMinor,
        requiredMinor: (rule.bonusMinor * BigInt(rule.turnoverPercent)) / 100n,
        nowMs,
      });
      grades.push(grade);
      amountMinor += rule.bonusMinor;
    }
    return {
      grades,
      amountMinor,
      balanceMinor: await balanceOf(tx, player.tenantId, AccountCodes.player(player.userId)),
    };
  });
  // every grade was taken by a concurrent claim that committed first
  if (paid.grades.length === 0) throw DomainError.of(Codes.INVALID_PARAM, ActivityMessages.noBonus);
  return {
    grades: paid.grades,
    amount: formatMoney(paid.amountMinor),
    balance: formatMoney(paid.balanceMinor),
  };
}
