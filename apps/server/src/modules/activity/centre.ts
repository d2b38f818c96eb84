import {
  type ActivityClaim,
  type ActivityContent,
  type ActivityEnvelopeList,
  type ActivityItem,
  type ActivityList,
  type EveryDayBonus,
  ActivityCentreMessages as M,
  type ReceiveActivityData,
  type ReceiveEnvelopeData,
  type RewardRates,
} from '@lottery/contract/activity';
import { Codes } from '@lottery/contract/codes';
import { formatMoney } from '@lottery/contract/money';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql';
import { DomainError } from '../../errors';
import { userGrade } from '../auth/index';
import { sanitizeContentHtml } from '../content/index';
import { insertTurnoverRequirement } from '../payment/index';
import {
  AccountCodes,
  balanceOf,
  beijingDayStartMs,
  houseAccount,
  playerAccount,
  postTransferIn,
} from '../wallet/index';
import {
  type ActivityRow,
  findActivity,
  findClaim,
  grabbableCount,
  insertClaim,
  insertGrab,
  listActivities,
  listPools,
  type PoolRow,
  type RateRow,
  recentGrabs,
  rewardRates,
  settledTurnover,
  takeShare,
} from './centre-repo';
import { beijingDay, gradeFor } from './ladder';
import { gradeRules, growthOf } from './repo';
import type { Player } from './service';

/**
 * The activity centre and activity red envelopes. Rules: docs/activities.md.
 *
 * Every payment is one transaction that first inserts its claim row (activity_claim unique per
 * activity, player and period; activity_red_grab unique per envelope and player) with ON CONFLICT
 * DO NOTHING, then books the ledger transfer whose idempotency key names the same claim. A second
 * or concurrent claim waits on the unique index, then inserts nothing and pays nothing; a failure
 * before commit leaves neither row nor money.
 */

const DAILY_BONUS_CODE = 206;
const PROMOTION_CODE = 207;
const ACTIVITY_ENVELOPE_CODE = 214;
const DAY_MS = 86_400_000;
/** Ended activities and envelopes stay listed this long. */
const ENDED_SHOWN_MS = 7 * DAY_MS;
/** Rewards are paid in whole cents (minor units are 1/10000 yuan). */
const CENT = 100n;

const stateOf = (a: { startAt: number; endAt: number | null }, nowMs: number): 1 | 2 | 3 =>
  nowMs < a.startAt ? 2 : a.endAt !== null && nowMs >= a.endAt ? 3 : 1;

const toItem = (a: ActivityRow, nowMs: number): ActivityItem => ({
  id: a.id,
  title: a.title,
  summary: a.summary,
  imageUrl: a.imageUrl,
  kind: a.kind,
  startAt: a.startAt,
  endAt: a.endAt,
  state: stateOf(a, nowMs),
  minGrade: a.minGrade,
});

/** Rate in percent with two decimals: 50 basis points -> "0.50". */
const ratePercent = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

/** The tier a turnover reaches (the highest threshold at or below it). */
export function tierFor(turnoverMinor: bigint, rates: readonly RateRow[]): RateRow | undefined {
  let tier: RateRow | undefined;
  for (const r of rates) if (turnoverMinor >= r.minTurnoverMinor) tier = r;
  return tier;
}

/** turnover × rate, rounded down to a whole cent. */
export function bonusFor(turnoverMinor: bigint, rateBp: number): bigint {
  const raw = (turnoverMinor * BigInt(rateBp)) / 10_000n;
  return (raw / CENT) * CENT;
}

export async function activityList(db: Db, tenantId: number, nowMs: number): Promise<ActivityList> {
  const rows = await listActivities(db, tenantId, nowMs - ENDED_SHOWN_MS);
  return { rows: rows.map((a) => toItem(a, nowMs)) };
}

async function activityOrMissing(db: Executor, tenantId: number, id: number): Promise<ActivityRow> {
  const activity = await findActivity(db, tenantId, id);
  if (!activity) throw DomainError.of(Codes.INVALID_PARAM, M.missing);
  return activity;
}

/** The grade that claims are checked against: the stored one, raised by growth (never lowered). */
async function currentGrade(db: Db, player: Player): Promise<number> {
  const stored = await userGrade(db, player.userId);
  if (stored < 1 || stored > 10) return stored;
  const [rules, playerId] = await Promise.all([
    gradeRules(db, player.tenantId),
    playerAccount(db, player.tenantId, player.userId),
  ]);
  const growth = await growthOf(db, player.userId, playerId);
  return Math.max(stored, gradeFor(growth.turnoverMinor + growth.depositMinor, rules));
}

type Standing = ActivityClaim & { amountMinor: bigint; periodKey: string };

/** What the activity counts and would pay the player now, before asking whether he may claim. */
async function figuresOf(db: Db, player: Player, a: ActivityRow, nowMs: number) {
  if (a.kind === 'daily_bonus') {
    const today = beijingDayStartMs(nowMs);
    const periodKey = `day:${beijingDay(nowMs) - 1}`;
    const [turnover, rates, claimed] = await Promise.all([
      settledTurnover(db, player.userId, today - DAY_MS, today),
      rewardRates(db, a.id),
      findClaim(db, a.id, player.userId, periodKey),
    ]);
    const tier = tierFor(turnover, rates);
    return {
      periodKey,
      claimed,
      turnover,
      target: tier ? tier.minTurnoverMinor : null,
      rate: tier ? ratePercent(tier.rateBp) : null,
      amountMinor: tier ? bonusFor(turnover, tier.rateBp) : 0n,
      short: M.bonusBelowTier,
    };
  }
  const [turnover, claimed] = await Promise.all([
    nowMs > a.startAt ? settledTurnover(db, player.userId, a.startAt, nowMs + 1) : Promise.resolve(0n),
    findClaim(db, a.id, player.userId, 'once'),
  ]);
  return {
    periodKey: 'once',
    claimed,
    turnover,
    target: a.thresholdMinor,
    rate: null,
    amountMinor: turnover >= a.thresholdMinor ? a.rewardMinor : 0n,
    short: M.turnoverBelow,
  };
}

/**
 * The player's standing in a claimable activity at `nowMs`: the figures it counts, and whether a
 * claim pays now (1), was paid (2, even once the activity ended) or why not (0 with the reason).
 */
async function standingOf(db: Db, player: Player, a: ActivityRow, nowMs: number): Promise<Standing> {
  const f = await figuresOf(db, player, a, nowMs);
  const figures = {
    base: formatMoney(f.turnover),
    target: f.target === null ? null : formatMoney(f.target),
    rate: f.rate,
    periodKey: f.periodKey,
  };
  if (f.claimed !== undefined)
    return {
      ...figures,
      state: 2,
      amount: formatMoney(f.claimed),
      amountMinor: f.claimed,
      reason: M.alreadyClaimed,
    };
  // what the activity offers (a turnover reward names its reward before it is reached)
  const offer = a.kind === 'turnover_reward' ? a.rewardMinor : f.amountMinor;
  const refuse = (reason: string): Standing => ({
    ...figures,
    state: 0,
    amount: formatMoney(offer),
    amountMinor: 0n,
    reason,
  });
  const state = stateOf(a, nowMs);
  if (state === 2) return refuse(M.notStarted);
  if (state === 3) return refuse(M.ended);
  const grade = await currentGrade(db, player);
  if (grade < 1 || grade > 10) return refuse(M.banned);
  if (grade < a.minGrade) return refuse(M.gradeTooLow(a.minGrade));
  if (f.amountMinor <= 0n) return refuse(f.short);
  return { ...figures, state: 1, amount: formatMoney(f.amountMinor), amountMinor: f.amountMinor, reason: '' };
}

const publicClaim = ({ amountMinor: _a, periodKey: _p, ...claim }: Standing): ActivityClaim => claim;

export async function activityContent(
  db: Db,
  tenantId: number,
  player: Player | null,
  id: number,
  nowMs: number,
): Promise<ActivityContent> {
  const a = await activityOrMissing(db, tenantId, id);
  const claim = player && a.kind !== 'article' ? publicClaim(await standingOf(db, player, a, nowMs)) : null;
  return { ...toItem(a, nowMs), content: sanitizeContentHtml(a.content), claim };
}

export async function receiveActivity(
  db: Db,
  player: Player,
  id: number,
  nowMs: number,
): Promise<ReceiveActivityData> {
  const a = await activityOrMissing(db, player.tenantId, id);
  if (a.kind === 'article') throw DomainError.of(Codes.INVALID_PARAM, M.nothingToClaim);
  const standing = await standingOf(db, player, a, nowMs);
  if (standing.state !== 1) throw DomainError.of(Codes.INVALID_PARAM, standing.reason);
  const amountMinor = standing.amountMinor;
  const playerId = await playerAccount(db, player.tenantId, player.userId);
  const houseId = await houseAccount(db, player.tenantId, player.userId);
  const balanceMinor = await db.transaction(async (tx) => {
    const claimed = await insertClaim(tx, {
      tenantId: player.tenantId,
      activityId: a.id,
      userId: player.userId,
      periodKey: standing.periodKey,
      amountMinor,
      nowMs,
    });
    if (!claimed) throw DomainError.of(Codes.INVALID_PARAM, M.alreadyClaimed);
    const claimKey = `${a.id}:${player.userId}:${standing.periodKey}`;
    const posted = await postTransferIn(
      tx,
      {
        idempotencyKey: `activity:${claimKey}`,
        typeCode: a.kind === 'daily_bonus' ? DAILY_BONUS_CODE : PROMOTION_CODE,
        lines: [
          { accountId: houseId, amountMinor: -amountMinor },
          { accountId: playerId, amountMinor },
        ],
        related: { kind: 'activity', id: String(a.id) },
        remark: a.title,
      },
      nowMs,
    );
    await insertTurnoverRequirement(tx, {
      userId: player.userId,
      sourceKind: 'activity',
      sourceId: claimKey,
      amountMinor,
      requiredMinor: (amountMinor * BigInt(a.turnoverPercent)) / 100n,
      nowMs,
    });
    return posted.entries.find((e) => e.accountId === playerId)!.balanceAfterMinor;
  });
  return { amount: formatMoney(amountMinor), balance: formatMoney(balanceMinor) };
}

/** The running daily-bonus activity (the first in the operator's order), or the one asked for. */
async function dailyBonusActivity(
  db: Db,
  tenantId: number,
  nowMs: number,
  activityId: number | undefined,
): Promise<ActivityRow | undefined> {
  if (activityId !== undefined) {
    const a = await activityOrMissing(db, tenantId, activityId);
    if (a.kind !== 'daily_bonus') throw DomainError.of(Codes.INVALID_PARAM, M.missing);
    return a;
  }
  const rows = await listActivities(db, tenantId, nowMs);
  return rows.find((a) => a.kind === 'daily_bonus' && stateOf(a, nowMs) === 1);
}

export async function rewardRateTable(
  db: Db,
  tenantId: number,
  nowMs: number,
  activityId: number | undefined,
): Promise<RewardRates> {
  const a = await dailyBonusActivity(db, tenantId, nowMs, activityId);
  const rates = a ? await rewardRates(db, a.id) : [];
  return {
    activityId: a?.id ?? null,
    rows: rates.map((r) => ({ turnover: formatMoney(r.minTurnoverMinor), rate: ratePercent(r.rateBp) })),
  };
}

/** Beijing date YYYY-MM-DD of a Beijing day number. */
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export async function everyDayBonus(
  db: Db,
  player: Player,
  nowMs: number,
  activityId: number | undefined,
): Promise<EveryDayBonus> {
  const a = await dailyBonusActivity(db, player.tenantId, nowMs, activityId);
  const day = dayText(beijingDay(nowMs) - 1);
  if (!a)
    return {
      state: 0,
      base: '0.00',
      target: null,
      amount: '0.00',
      rate: null,
      reason: M.ended,
      activityId: null,
      day,
    };
  return { ...publicClaim(await standingOf(db, player, a, nowMs)), activityId: a.id, day };
}

// --- activity red envelopes -------------------------------------------------------------------

/** 1 可领取, 2 已领取, 3 已抢光, 4 未开始, 5 已结束, 6 等级不足, 0 visitor. */
function envelopeState(pool: PoolRow, grade: number | null, nowMs: number): number {
  if (pool.grabbedMinor !== null) return 2;
  if (nowMs < pool.startAt) return 4;
  if (nowMs >= pool.endAt) return 5;
  if (pool.leftCount === 0) return 3;
  if (grade === null) return 0;
  if (grade < pool.minGrade || grade > 10) return 6;
  return 1;
}

export async function envelopeCount(db: Db, player: Player | null, nowMs: number): Promise<number> {
  if (!player) return 0;
  const grade = await currentGrade(db, player);
  if (grade < 1 || grade > 10) return 0;
  return grabbableCount(db, player.tenantId, player.userId, grade, nowMs);
}

export async function envelopeList(
  db: Db,
  tenantId: number,
  player: Player | null,
  nowMs: number,
  poolId: number | undefined,
): Promise<ActivityEnvelopeList> {
  const [pools, grade] = await Promise.all([
    listPools(db, tenantId, player?.userId ?? null, nowMs - ENDED_SHOWN_MS, poolId),
    player ? currentGrade(db, player) : Promise.resolve(null),
  ]);
  if (poolId !== undefined && pools.length === 0)
    throw DomainError.of(Codes.INVALID_PARAM, M.envelopeMissing);
  const rows = pools.map((p) => ({
    id: p.id,
    title: p.title,
    remark: p.remark,
    totalAmount: formatMoney(p.totalMinor),
    count: p.count,
    leftCount: p.leftCount,
    minGrade: p.minGrade,
    startAt: p.startAt,
    endAt: p.endAt,
    state: envelopeState(p, grade, nowMs),
    amount: p.grabbedMinor === null ? null : formatMoney(p.grabbedMinor),
    receivedAmount: formatMoney(p.receivedMinor),
  }));
  if (poolId === undefined) return { rows };
  const grabs = await recentGrabs(db, poolId);
  return {
    rows,
    grabs: grabs.map((g) => ({
      userName: maskAccount(g.userName),
      amount: formatMoney(g.amountMinor),
      createdAt: g.createdAt,
    })),
  };
}

/** ab***z: the first two characters, stars, the last one (as the winners' lists show accounts). */
function maskAccount(name: string): string {
  const chars = [...name];
  return `${chars.slice(0, Math.min(2, chars.length - 1)).join('')}***${chars[chars.length - 1] ?? ''}`;
}

const ENVELOPE_REFUSALS: Record<number, string> = {
  0: M.banned,
  2: M.envelopeGrabbed,
  3: M.envelopeEmpty,
  4: M.envelopeNotStarted,
  5: M.envelopeEnded,
};

export async function receiveEnvelope(
  db: Db,
  player: Player,
  poolId: number,
  nowMs: number,
): Promise<ReceiveEnvelopeData> {
  const [pool] = await listPools(db, player.tenantId, player.userId, nowMs - ENDED_SHOWN_MS, poolId);
  if (!pool) throw DomainError.of(Codes.INVALID_PARAM, M.envelopeMissing);
  const grade = await currentGrade(db, player);
  const state = envelopeState(pool, grade, nowMs);
  if (state === 6)
    throw DomainError.of(
      Codes.INVALID_PARAM,
      grade > 10 || grade < 1 ? M.banned : M.gradeTooLow(pool.minGrade),
    );
  if (state !== 1) throw DomainError.of(Codes.INVALID_PARAM, ENVELOPE_REFUSALS[state] ?? M.envelopeMissing);
  const playerId = await playerAccount(db, player.tenantId, player.userId);
  const houseId = await houseAccount(db, player.tenantId, player.userId);
  return db.transaction(async (tx) => {
    if (!(await insertGrab(tx, pool.id, player.userId, nowMs)))
      throw DomainError.of(Codes.INVALID_PARAM, M.envelopeGrabbed);
    const share = await takeShare(tx, pool.id, player.userId);
    // every share taken (or held by a grab still committing): the grab row rolls back with this
    if (!share) throw DomainError.of(Codes.INVALID_PARAM, M.envelopeEmpty);
    const claimKey = `${pool.id}:${player.userId}`;
    const posted = await postTransferIn(
      tx,
      {
        idempotencyKey: `activity-red:${claimKey}`,
        typeCode: ACTIVITY_ENVELOPE_CODE,
        lines: [
          { accountId: houseId, amountMinor: -share.amountMinor },
          { accountId: playerId, amountMinor: share.amountMinor },
        ],
        related: { kind: 'activity-red', id: String(pool.id) },
        remark: pool.title,
      },
      nowMs,
    );
    await insertTurnoverRequirement(tx, {
      userId: player.userId,
      sourceKind: 'activity-red',
      sourceId: claimKey,
      amountMinor: share.amountMinor,
      requiredMinor: (share.amountMinor * BigInt(pool.turnoverPercent)) / 100n,
      nowMs,
    });
    const balance = posted.entries.find((e) => e.accountId === playerId)?.balanceAfterMinor;
    return {
      amount: formatMoney(share.amountMinor),
      balance: formatMoney(
        balance ?? (await balanceOf(tx, player.tenantId, AccountCodes.player(player.userId))),
      ),
    };
  });
}
