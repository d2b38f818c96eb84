import { AgentMessages as M, type TypeRebates } from '@lottery/contract/agent';
import {
  type AgentBetData,
  type AgentGameBetData,
  type AgentTransactionData,
  type ChildReportData,
  type ReportFigures,
  AgentReportMessages as RM,
  type TeamData,
  type UserAgentReportData,
  type UserAgentReportDetailData,
  type UserProfitData,
} from '@lottery/contract/agent-report';
import { BET_STATES, type BetStateCode } from '@lottery/contract/betting';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import type { ReportPeriod } from '@lottery/contract/records';
import { isTransactionTypeCode, TRANSACTION_TYPES } from '@lottery/contract/wallet';
import { tableGameByCode } from '@lottery/rules/games/catalogue';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { formatRebateTenths, parseRebateTenths } from '@lottery/rules/odds';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/sql';
import { setUserRebate } from '../auth/index';
import { reportRange } from '../records/index';
import { announceLocal } from '../site/index';
import { depthBelow, likeEscape, teamBalanceSum, teamMembers } from './repo';
import { beijingDay, type DayPlan, dayLabel, planBetDays, planDays } from './report-period';
import {
  aggregateMarks,
  directIds,
  type FigureSums,
  figuresPerTeam,
  figuresPerUser,
  lockRaise,
  sealedBetDays,
  sumFigures,
  sumOfUserCents,
  teamBets,
  teamBettors,
  teamCounts,
  teamEntries,
  teamFigures,
  teamFiguresPerDay,
  teamGameBets,
  Users,
  userName,
} from './report-repo';
import {
  agentOf,
  downlineRebate,
  invalid,
  lotteryTypeName,
  policyOf,
  type Session,
  teamRoot,
} from './service';
import { replaceTypeRebates, type TypeRebate, typeTenthsOf } from './type-rebate';

/**
 * The agent reports and team records (docs/agent.md "Reports"). Same rules as the rest of the
 * agent centre: the caller must be an agent (`agentOf`), a `userId` must be in its team
 * (`teamRoot`, one agent_tree lookup); only userProfit without a userId is open to every
 * logged-in user, for itself. Figures come from the ledger (report-repo.ts): closed days from the
 * daily aggregates when the job has written them, every other day live.
 */

type Range = { fromMs: number; toMs: number };

const ZERO: FigureSums = {
  depositMinor: 0n,
  withdrawMinor: 0n,
  betMinor: 0n,
  winMinor: 0n,
  rebateMinor: 0n,
  activityMinor: 0n,
};

/** Wire figures; profit is the members' gain: win + rebate + activity - bet. */
export function toFigures(s: FigureSums = ZERO): ReportFigures {
  return {
    deposit: formatMoney(s.depositMinor),
    withdraw: formatMoney(s.withdrawMinor),
    bet: formatMoney(s.betMinor),
    win: formatMoney(s.winMinor),
    rebate: formatMoney(s.rebateMinor),
    activity: formatMoney(s.activityMinor),
    profit: formatMoney(s.winMinor + s.rebateMinor + s.activityMinor - s.betMinor),
  };
}

const FIGURE_KEYS = ['deposit', 'withdraw', 'bet', 'win', 'rebate', 'activity', 'profit'] as const;

/** Wire figures of sums already truncated to cents, profit given (a list's total). */
function centsFigures(s: FigureSums & { profitMinor: bigint }): ReportFigures {
  return { ...toFigures(s), profit: formatMoney(s.profitMinor) };
}

/** The column-wise sum of displayed figures: a total that equals the sum of its rows, to the cent. */
export function sumDisplayed(rows: readonly ReportFigures[]): ReportFigures {
  const total = Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0n])) as Record<keyof ReportFigures, bigint>;
  for (const row of rows) for (const k of FIGURE_KEYS) total[k] += parseMoney(row[k]);
  return Object.fromEntries(FIGURE_KEYS.map((k) => [k, formatMoney(total[k])])) as ReportFigures;
}

/** The period's range, and which of its days the aggregates answer. */
async function planOf(
  ctx: AppContext,
  db: Executor,
  period: ReportPeriod,
): Promise<{ range: Range; plan: DayPlan }> {
  const nowMs = ctx.clock.now();
  const range = reportRange(period, nowMs);
  const today = beijingDay(nowMs);
  const marks = await aggregateMarks(db, beijingDay(range.fromMs), beijingDay(range.toMs - 1));
  return { range, plan: planDays(range, today, marks) };
}

/**
 * Reads a report's plan and figures in one snapshot (REPEATABLE READ, read only): the job rewrites
 * today's rows and moves its watermark every few minutes, and a plan read before a fold with
 * figures read after it would count the entries in between twice.
 */
function snapshot<T>(ctx: AppContext, work: (db: Executor) => Promise<T>): Promise<T> {
  return ctx.db.transaction(
    async (tx) => {
      // these reads touch tens of rows per team; starting parallel workers cost more than the scan
      if (ctx.database.kind === 'postgres')
        await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
      return work(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const bounds = (period: ReportPeriod, plan: DayPlan) => ({
  period,
  fromDay: dayLabel(plan.fromDay),
  toDay: dayLabel(plan.toDay),
});

const namePattern = (name: string | undefined) => (name ? `%${likeEscape(name.toLowerCase())}%` : undefined);

// ---- figures ---------------------------------------------------------------------------------

/** users/userReport/userProfit: any user for itself; an agent also for a member of its team. */
export async function userProfit(
  ctx: AppContext,
  session: Session & { userName: string },
  query: { period: ReportPeriod; userId?: number },
): Promise<UserProfitData> {
  let targetId = session.userId;
  let name = session.userName;
  if (query.userId !== undefined && query.userId !== session.userId) {
    const agent = await agentOf(ctx, session);
    targetId = await teamRoot(ctx, agent, query.userId);
    name = await userName(ctx.db, targetId);
  }
  const { plan, sums } = await snapshot(ctx, async (db) => {
    const { plan } = await planOf(ctx, db, query.period);
    return { plan, sums: await sumFigures(db, Users.one(targetId), plan) };
  });
  return { ...bounds(query.period, plan), userId: targetId, userName: name, figures: toFigures(sums) };
}

/** One page of the direct downlines of `rootId`, by name when asked (the two per-downline reports). */
function directPage(
  ctx: AppContext,
  rootId: number,
  query: { userName?: string; pageNum: number; pageSize: number },
) {
  return teamMembers(ctx.db, {
    rootId,
    all: false,
    ...(query.userName ? { userName: query.userName } : {}),
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
    nowMs: ctx.clock.now(),
  });
}

/** users/agentReport/userAgentReport: per direct downline its team's figures, with own and team sums. */
export async function userAgentReport(
  ctx: AppContext,
  session: Session,
  query: { period: ReportPeriod; userId?: number; userName?: string; pageNum: number; pageSize: number },
): Promise<UserAgentReportData> {
  const agent = await agentOf(ctx, session);
  const rootId = await teamRoot(ctx, agent, query.userId);
  const page = await directPage(ctx, rootId, query);
  const { plan, perTeam, self, team } = await snapshot(ctx, async (db) => {
    const { plan } = await planOf(ctx, db, query.period);
    return {
      plan,
      perTeam: await figuresPerTeam(
        db,
        page.rows.map((r) => r.userId),
        plan,
      ),
      self: await sumFigures(db, Users.one(rootId), plan),
      team: await teamFigures(db, rootId, 0, plan),
    };
  });
  return {
    ...bounds(query.period, plan),
    userId: rootId,
    userName: await userName(ctx.db, rootId),
    self: toFigures(self),
    team: toFigures(team),
    rows: page.rows.map((r) => ({
      userId: r.userId,
      userName: r.userName,
      isAgent: r.isAgent,
      teamCount: r.teamCount,
      figures: toFigures(perTeam.get(r.userId)),
    })),
    total: page.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** users/agentReport/userAgentReport/detail: a member's team figures per day, newest first. */
export async function userAgentReportDetail(
  ctx: AppContext,
  session: Session,
  query: { period: ReportPeriod; userId: number },
): Promise<UserAgentReportDetailData> {
  const agent = await agentOf(ctx, session);
  const rootId = await teamRoot(ctx, agent, query.userId);
  const { plan, perDay } = await snapshot(ctx, async (db) => {
    const { plan } = await planOf(ctx, db, query.period);
    return { plan, perDay: await teamFiguresPerDay(db, rootId, plan) };
  });
  const days = [];
  for (let day = plan.toDay; day >= plan.fromDay; day--) {
    days.push({ day: dayLabel(day), figures: toFigures(perDay.get(day)) });
  }
  return {
    ...bounds(query.period, plan),
    userId: rootId,
    userName: await userName(ctx.db, rootId),
    days,
    total: sumDisplayed(days.map((d) => d.figures)),
  };
}

/** users/childReport: per direct downline its own figures, and their sum over every match. */
export async function childReport(
  ctx: AppContext,
  session: Session,
  query: {
    period: ChildReportData['period'];
    userId?: number;
    userName?: string;
    pageNum: number;
    pageSize: number;
  },
): Promise<ChildReportData> {
  const agent = await agentOf(ctx, session);
  const rootId = await teamRoot(ctx, agent, query.userId);
  const page = await directPage(ctx, rootId, query);
  const { plan, own, sum } = await snapshot(ctx, async (db) => {
    const { plan } = await planOf(ctx, db, query.period);
    return {
      plan,
      own: await figuresPerUser(
        db,
        page.rows.map((r) => r.userId),
        plan,
      ),
      sum: await sumOfUserCents(
        db,
        Users.ids(await directIds(db, rootId, namePattern(query.userName))),
        plan,
      ),
    };
  });
  return {
    period: query.period,
    fromDay: dayLabel(plan.fromDay),
    toDay: dayLabel(plan.toDay),
    rows: page.rows.map((r) => ({
      userId: r.userId,
      userName: r.userName,
      isAgent: r.isAgent,
      figures: toFigures(own.get(r.userId)),
    })),
    sum: centsFigures(sum),
    total: page.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** report/agentReport/agentReportTeamData: everyone below the user (itself not included). */
export async function teamData(
  ctx: AppContext,
  session: Session,
  query: { period: ReportPeriod; userId?: number },
): Promise<TeamData> {
  const agent = await agentOf(ctx, session);
  const rootId = await teamRoot(ctx, agent, query.userId);
  // the team's wallets now (the one live figure no job can keep) on a second connection, in
  // parallel with the snapshot of the period's figures (ADR 0704)
  const [{ plan, sums, betMembers, counts }, wallets] = await Promise.all([
    snapshot(ctx, async (db) => {
      const { plan } = await planOf(ctx, db, query.period);
      return {
        plan,
        sums: await teamFigures(db, rootId, 1, plan),
        betMembers: await teamBettors(db, rootId, plan),
        counts: await teamCounts(db, rootId, plan),
      };
    }),
    teamBalanceSum(ctx.db, rootId),
  ]);
  return {
    ...bounds(query.period, plan),
    figures: toFigures(sums),
    ...counts,
    betMembers,
    firstDepositMembers: sums.firstDepositMembers,
    teamBalance: formatMoney(wallets.sumMinor),
  };
}

// ---- team records ----------------------------------------------------------------------------

type RecordQuery = {
  period: ReportPeriod;
  userId?: number;
  userName?: string;
  pageNum: number;
  pageSize: number;
};

/** The team a record list reads: a named member's team with itself, or everyone below the caller. */
async function recordFilter(ctx: AppContext, session: Session, query: RecordQuery) {
  const agent = await agentOf(ctx, session);
  const rootId = await teamRoot(ctx, agent, query.userId);
  const range = reportRange(query.period, ctx.clock.now());
  const pattern = namePattern(query.userName);
  return {
    rootId,
    minDepth: query.userId === undefined ? (1 as const) : (0 as const),
    ...range,
    ...(pattern ? { namePattern: pattern } : {}),
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  };
}

/** betting/getAgentBetData: the team's lottery bets placed in the period, newest first. */
export async function agentBets(
  ctx: AppContext,
  session: Session,
  query: RecordQuery & { lotteryCode?: string },
): Promise<AgentBetData> {
  const filter = await recordFilter(ctx, session, query);
  // totals: sealed days from the bet sums (ADR 0704), the rest live, in one snapshot with the page
  const found = await snapshot(ctx, async (db) => {
    const sealed = await sealedBetDays(db, beijingDay(filter.fromMs), beijingDay(filter.toMs - 1));
    return teamBets(db, {
      ...filter,
      ...(query.lotteryCode ? { lotteryCode: query.lotteryCode } : {}),
      betPlan: planBetDays(filter, beijingDay(ctx.clock.now()), sealed),
    });
  });
  return {
    rows: found.rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      userName: r.userName,
      lotteryCode: r.lotteryCode,
      lotteryName: lotteryByCode(r.lotteryCode)?.name ?? r.lotteryCode,
      issue: r.issue,
      betMoney: formatMoney(r.amountMinor),
      bonus: formatMoney(r.bonusMinor),
      state: r.state,
      stateName: BET_STATES[r.state as BetStateCode] ?? '',
      gmtCreated: r.createdAt,
    })),
    total: found.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    betMoney: formatMoney(found.amountMinor),
    bonus: formatMoney(found.bonusMinor),
  };
}

/** game/getAgentGameBetData: the team's table-game bets placed in the period, newest first. */
export async function agentGameBets(
  ctx: AppContext,
  session: Session,
  query: RecordQuery,
): Promise<AgentGameBetData> {
  const filter = await recordFilter(ctx, session, query);
  const found = await teamGameBets(ctx.db, filter);
  return {
    rows: found.rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      userName: r.userName,
      gameCode: r.gameCode,
      gameName: tableGameByCode(r.gameCode)?.name ?? r.gameCode,
      roundId: r.roundId,
      betMoney: formatMoney(r.amountMinor),
      bonus: formatMoney(r.bonusMinor),
      gmtCreated: r.createdAt,
    })),
    total: found.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    betMoney: formatMoney(found.amountMinor),
    bonus: formatMoney(found.bonusMinor),
  };
}

/** users/agentTransactionDetail: the team's ledger entries (player accounts), newest first. */
export async function agentTransactions(
  ctx: AppContext,
  session: Session,
  query: RecordQuery & { type: number },
): Promise<AgentTransactionData> {
  const filter = await recordFilter(ctx, session, query);
  const found = await teamEntries(ctx.db, { ...filter, type: query.type });
  return {
    rows: found.rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      userName: r.userName,
      typeCode: r.typeCode,
      typeName: isTransactionTypeCode(r.typeCode) ? TRANSACTION_TYPES[r.typeCode] : String(r.typeCode),
      amount: formatMoney(r.amountMinor),
      balanceAfter: formatMoney(r.balanceAfterMinor),
      createdAt: r.createdAt,
    })),
    total: found.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

// ---- rebate raise ----------------------------------------------------------------------------

/**
 * users/userManage: raises a direct downline's rebates. `rebate` is its new single figure and
 * `typeRebates` (as createInviteCode and childOpening take them, 按彩种设置) the types set apart.
 * Every type's new rebate is ≤ the agent's own for that type (and the tenant's maximum) and ≥ the
 * downline's current for that type: a raise never lowers any type. A type not listed gets the new
 * single figure capped by the agent's own for it, but never less than it has now.
 *
 * Checked first outside a transaction (in the team, direct, the figures' format), then inside one
 * that locks the agent's row FOR SHARE and the downline's FOR UPDATE (report-repo `lockRaise`)
 * and re-reads both sides' rebates, so two raises of one downline run one after the other and the
 * second is checked against what the first wrote; a refusal rolls back, nothing is written.
 */
export async function raiseDownlineRebate(
  ctx: AppContext,
  session: Session,
  input: { userId: number; rebate: string; typeRebates?: TypeRebates | undefined },
): Promise<{ userId: number; rebate: string; typeRebates: TypeRebate[] }> {
  const agent = await agentOf(ctx, session);
  const depth = input.userId === agent.id ? 0 : await depthBelow(ctx.db, agent.id, input.userId);
  if (depth === undefined) throw invalid(M.notInTeam);
  if (depth !== 1) throw invalid(RM.directOnly);
  await downlineRebate(ctx, agent, input.rebate);
  const policy = await policyOf(ctx);
  const raised = await ctx.db.transaction(async (tx) => {
    const locked = await lockRaise(tx, agent.id, input.userId);
    if (!locked) throw invalid(RM.directOnly);
    const tenths = await downlineRebate(ctx, { ...agent, rebate: locked.agentRebate }, input.rebate);
    if (tenths < (parseRebateTenths(locked.childRebate) ?? 0)) throw invalid(RM.rebateNotLower);
    const own = await typeTenthsOf(tx, agent.id, locked.agentRebate);
    const current = await typeTenthsOf(tx, input.userId, locked.childRebate);
    const wanted = new Map<number, number>();
    for (const item of input.typeRebates ?? []) {
      const t = parseRebateTenths(item.rebate);
      if (t === null) throw invalid(M.rebateFormat);
      if (!own.has(item.lotteryType)) throw invalid(M.lotteryTypeRule);
      const name = lotteryTypeName(item.lotteryType);
      if (t > own.get(item.lotteryType)!) throw invalid(`${name}${M.rebateAboveOwn}`);
      if (t > policy.maxRebateTenths) throw invalid(`${name}${M.rebateAboveMax}`);
      if (t < current.get(item.lotteryType)!) throw invalid(`${name}${RM.rebateNotLower}`);
      wanted.set(item.lotteryType, t);
    }
    const overrides: TypeRebate[] = [];
    for (const [type, ownTenths] of own) {
      const t = wanted.get(type) ?? Math.max(current.get(type)!, Math.min(tenths, ownTenths));
      if (t !== tenths) overrides.push({ lotteryType: type, rebate: formatRebateTenths(t) });
    }
    const rebate = formatRebateTenths(tenths);
    await setUserRebate(tx, input.userId, rebate, ctx.clock.now());
    await replaceTypeRebates(tx, input.userId, overrides);
    return { userId: input.userId, rebate, typeRebates: overrides };
  });
  // committed: the downline's next getBetRebate shows it (in every process, through Redis)
  announceLocal(ctx.db, { kind: 'rebate' });
  return raised;
}
