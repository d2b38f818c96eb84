import {
  DAILY_LIST_MAX,
  NEWEST_WINS_MAX,
  type NewestWin,
  type ProfitRankRow,
  type WinnerRow,
} from '@lottery/contract/discovery';
import { formatMoney } from '@lottery/contract/money';
import { beijingDate, DAY_MS } from '@lottery/rules/beijing';
import { lotteryByCode } from '@lottery/rules/lotteries';
import type { Db } from '../../db/client';
import { maskName } from '../chat/index';
import { beijingDayStartMs } from '../wallet/index';
import * as repo from './repo';

/**
 * Discovery lists (docs/discovery.md). Yesterday's lists come from the tables the daily job fills;
 * if a reader arrives before the job has run for the day, that reader computes the day once (the
 * same idempotent claim as the job) and every later reader gets the stored rows.
 */

/** getNewestBounsList looks back this far. */
export const NEWEST_WINDOW_MS = DAY_MS;

/**
 * Yesterday's lists wait this long into the day, so the issues drawn just before midnight are
 * settled before the snapshot is taken. Before then the lists answer empty (computedAt 0).
 */
export const SETTLE_GRACE_MS = 30 * 60 * 1000;

/** 00:00 Beijing time of the day before `nowMs`'s Beijing day. */
export const yesterdayStart = (nowMs: number) => beijingDayStartMs(nowMs) - DAY_MS;

const player = (r: repo.PlayerCols) => ({
  userId: r.user_id,
  userName: maskName(r.user_name),
  nickName: r.nick_name,
  avatar: r.avatar,
});
const lotteryName = (code: string) => lotteryByCode(code)?.name ?? code;

export async function newestWins(db: Db, tenantId: number, nowMs: number): Promise<NewestWin[]> {
  const rows = await repo.newestWins(db, tenantId, nowMs - NEWEST_WINDOW_MS, NEWEST_WINS_MAX);
  return rows.map((r) => ({
    ...player(r),
    lotteryCode: r.lottery_code,
    lotteryName: lotteryName(r.lottery_code),
    issue: r.issue,
    bonus: formatMoney(BigInt(r.bonus_minor)),
    time: Number(r.settled_at),
  }));
}

/** The day's lists exist (computing them now if the job has not yet); when they were computed. */
export async function ensureDay(db: Db, tenantId: number, dayStart: number, nowMs: number): Promise<number> {
  const existing = await repo.dayComputedAt(db, tenantId, dayStart);
  if (existing) return Number(existing.computed_at);
  if (nowMs < dayStart + DAY_MS + SETTLE_GRACE_MS) return 0;
  await repo.computeDay(db, tenantId, dayStart, nowMs, DAILY_LIST_MAX);
  const stored = await repo.dayComputedAt(db, tenantId, dayStart);
  return Number(stored?.computed_at ?? nowMs);
}

export async function profitRank(db: Db, tenantId: number, nowMs: number) {
  const day = yesterdayStart(nowMs);
  const computedAt = await ensureDay(db, tenantId, day, nowMs);
  const rows: ProfitRankRow[] = (await repo.profitRank(db, tenantId, day)).map((r) => ({
    ...player(r),
    rank: r.rank,
    profit: formatMoney(BigInt(r.profit_minor)),
  }));
  return { day: beijingDate(day), computedAt, rows };
}

export async function yesterdayWinners(db: Db, tenantId: number, nowMs: number) {
  const day = yesterdayStart(nowMs);
  const computedAt = await ensureDay(db, tenantId, day, nowMs);
  const rows: WinnerRow[] = (await repo.winners(db, tenantId, day)).map((r) => ({
    ...player(r),
    rank: r.rank,
    lotteryCode: r.lottery_code,
    lotteryName: lotteryName(r.lottery_code),
    issue: r.issue,
    bonus: formatMoney(BigInt(r.bonus_minor)),
  }));
  return { day: beijingDate(day), computedAt, rows };
}

/**
 * The daily job's work: yesterday's lists of every tenant, each computed once. Returns how many
 * tenant-days this run computed (0 when they all existed already).
 */
export async function runDaily(db: Db, nowMs: number): Promise<number> {
  const day = yesterdayStart(nowMs);
  if (nowMs < day + DAY_MS + SETTLE_GRACE_MS) return 0;
  let computed = 0;
  for (const tenantId of await repo.tenantIds(db)) {
    if (await repo.dayComputedAt(db, tenantId, day)) continue;
    if (await repo.computeDay(db, tenantId, day, nowMs, DAILY_LIST_MAX)) computed++;
  }
  return computed;
}
