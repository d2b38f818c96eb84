import { z } from 'zod';
import {
  AgentMessages,
  nameFilterSchema,
  pageParams,
  rebateSchema,
  typeRebateItem,
  typeRebatesSchema,
} from './agent';
import { endpoint } from './endpoint';
import { REPORT_PERIODS } from './records';

/**
 * The agent centre's reports and team records (issue 13, docs/agent.md "Reports"). Everything is
 * read from the ledger and the bets: past Beijing days from the daily aggregates a job keeps, today
 * live. An agent reads only its own team (the subtree below it); a `userId` outside it answers
 * `AgentMessages.notInTeam`. Money fields are decimal yuan strings formatted from bigint minor units.
 */

export const AgentReportMessages = {
  periodRule: '查询时间范围不正确',
  typeRule: '账变类型不正确',
  directOnly: '只能修改直属下级的返点',
  rebateNotLower: '返点只能调高，不能低于下级当前的返点',
  updated: '修改成功',
} as const;

/** childReport's dropdown has no seven days (spec/platform.md §2). */
export const CHILD_REPORT_PERIODS = ['today', 'yesterday', 'lastWeek', 'thisMonth', 'lastMonth'] as const;

const periodSchema = z.enum(REPORT_PERIODS, { error: AgentReportMessages.periodRule }).default('today');
const childPeriodSchema = z
  .enum(CHILD_REPORT_PERIODS, { error: AgentReportMessages.periodRule })
  .default('today');

/** A member of the caller's team (IDOR-checked on the server); absent: the caller. */
const teamUserIdSchema = z.coerce
  .number({ error: AgentMessages.notInTeam })
  .int(AgentMessages.notInTeam)
  .positive(AgentMessages.notInTeam)
  .optional();

/**
 * One user's (or a team's) money over a period. Ledger codes per field are in docs/agent.md:
 * deposit 101-115 except 110; withdraw 301 less 201; bet 302+307+308 less refunds 202, 203, 210,
 * 213, 221 (the valid stake: placed less cancelled, by the day each was booked); win 205+209+220;
 * rebate 204+501+502; activity 206, 207, 208, 214, 215, 219;
 * profit = win + rebate + activity - bet (the members' gain; the platform's is its negative).
 */
export const reportFigures = z.object({
  deposit: z.string(),
  withdraw: z.string(),
  bet: z.string(),
  win: z.string(),
  rebate: z.string(),
  activity: z.string(),
  profit: z.string(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

/** The period as Beijing dates, inclusive ("2026-11-20"). */
const periodBounds = {
  period: z.enum(REPORT_PERIODS),
  fromDay: z.string(),
  toDay: z.string(),
};

export const userProfitQuery = z.object({ period: periodSchema, userId: teamUserIdSchema });
export const userProfitData = z.object({
  ...periodBounds,
  userId: z.number().int(),
  userName: z.string(),
  figures: reportFigures,
});
export type UserProfitData = z.infer<typeof userProfitData>;

export const userAgentReportQuery = z.object({
  period: periodSchema,
  /** Whose direct downlines to list; absent: the caller. */
  userId: teamUserIdSchema,
  userName: nameFilterSchema,
  ...pageParams,
});
/** A direct downline and everyone below it. */
export const teamReportRow = z.object({
  userId: z.number().int(),
  userName: z.string(),
  isAgent: z.boolean(),
  /** Members below this downline (itself not counted). */
  teamCount: z.number().int(),
  figures: reportFigures,
});
export type TeamReportRow = z.infer<typeof teamReportRow>;
export const userAgentReportData = z.object({
  ...periodBounds,
  userId: z.number().int(),
  userName: z.string(),
  /** The listed user's own figures. */
  self: reportFigures,
  /** The listed user and its whole team (not only this page). */
  team: reportFigures,
  rows: z.array(teamReportRow),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type UserAgentReportData = z.infer<typeof userAgentReportData>;

export const userAgentReportDetailQuery = z.object({
  period: periodSchema,
  userId: z.coerce
    .number({ error: AgentMessages.notInTeam })
    .int(AgentMessages.notInTeam)
    .positive(AgentMessages.notInTeam),
});
export const userAgentReportDetailData = z.object({
  ...periodBounds,
  userId: z.number().int(),
  userName: z.string(),
  /** One row per Beijing day of the period, newest first: the user and its team. */
  days: z.array(z.object({ day: z.string(), figures: reportFigures })),
  total: reportFigures,
});
export type UserAgentReportDetailData = z.infer<typeof userAgentReportDetailData>;

export const childReportQuery = z.object({
  period: childPeriodSchema,
  userId: teamUserIdSchema,
  userName: nameFilterSchema,
  ...pageParams,
});
/** A direct downline's own figures (not its team's). */
export const childReportRow = z.object({
  userId: z.number().int(),
  userName: z.string(),
  isAgent: z.boolean(),
  figures: reportFigures,
});
export type ChildReportRow = z.infer<typeof childReportRow>;
export const childReportData = z.object({
  period: z.enum(CHILD_REPORT_PERIODS),
  fromDay: z.string(),
  toDay: z.string(),
  rows: z.array(childReportRow),
  /** Every direct downline's own figures summed (not only this page). */
  sum: reportFigures,
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ChildReportData = z.infer<typeof childReportData>;

export const teamDataQuery = z.object({ period: periodSchema, userId: teamUserIdSchema });
/** The agent centre's summary: everyone below the user (the user itself not included). */
export const teamData = z.object({
  ...periodBounds,
  figures: reportFigures,
  teamCount: z.number().int(),
  directCount: z.number().int(),
  /** Members registered in the period. */
  newMembers: z.number().int(),
  /** Members with at least one bet in the period. */
  betMembers: z.number().int(),
  /** Members whose first deposit fell in the period. */
  firstDepositMembers: z.number().int(),
  /** Wallet balances of the team now. */
  teamBalance: z.string(),
});
export type TeamData = z.infer<typeof teamData>;

export const agentBetQuery = z.object({
  period: periodSchema,
  /** Bets of this member's team (itself included); absent: the caller's whole team. */
  userId: teamUserIdSchema,
  userName: nameFilterSchema,
  lotteryCode: z.string().trim().max(20).optional(),
  ...pageParams,
});
export const agentBetRow = z.object({
  id: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  lotteryCode: z.string(),
  lotteryName: z.string(),
  issue: z.string(),
  betMoney: z.string(),
  bonus: z.string(),
  state: z.number().int(),
  stateName: z.string(),
  gmtCreated: z.number(),
});
export type AgentBetRow = z.infer<typeof agentBetRow>;
const betTotals = {
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** Of every matching bet, not only this page. */
  betMoney: z.string(),
  bonus: z.string(),
};
export const agentBetData = z.object({ rows: z.array(agentBetRow), ...betTotals });
export type AgentBetData = z.infer<typeof agentBetData>;

export const agentGameBetQuery = z.object({
  period: periodSchema,
  userId: teamUserIdSchema,
  userName: nameFilterSchema,
  ...pageParams,
});
export const agentGameBetRow = z.object({
  id: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  roundId: z.string(),
  betMoney: z.string(),
  bonus: z.string(),
  gmtCreated: z.number(),
});
export const agentGameBetData = z.object({ rows: z.array(agentGameBetRow), ...betTotals });
export type AgentGameBetData = z.infer<typeof agentGameBetData>;

export const agentTransactionQuery = z.object({
  period: periodSchema,
  userId: teamUserIdSchema,
  userName: nameFilterSchema,
  /** 0 or absent = every group; 1-6 = one group (hundreds digit); or a single type code. */
  type: z.coerce
    .number({ error: AgentReportMessages.typeRule })
    .int(AgentReportMessages.typeRule)
    .min(0, AgentReportMessages.typeRule)
    .max(699, AgentReportMessages.typeRule)
    .default(0),
  ...pageParams,
});
export const agentTransactionRow = z.object({
  id: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  typeCode: z.number().int(),
  typeName: z.string(),
  amount: z.string(),
  balanceAfter: z.string(),
  createdAt: z.number(),
});
export type AgentTransactionRow = z.infer<typeof agentTransactionRow>;
export const agentTransactionData = z.object({
  rows: z.array(agentTransactionRow),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type AgentTransactionData = z.infer<typeof agentTransactionData>;

export const userManageRequest = z.object({
  userId: z.coerce
    .number({ error: AgentMessages.notInTeam })
    .int(AgentMessages.notInTeam)
    .positive(AgentMessages.notInTeam),
  /** The new rebate of every lottery type not listed in `typeRebates`. */
  rebate: rebateSchema,
  /** Types set apart (按彩种设置), as createInviteCode takes them: "1:7.5,4:6.0". */
  typeRebates: typeRebatesSchema.optional(),
});
export const userManageData = z.object({
  userId: z.number().int(),
  rebate: z.string(),
  /** The downline's per-type rebates that differ from `rebate`, after the raise. */
  typeRebates: z.array(typeRebateItem),
});

export const AgentReportApi = {
  userProfit: endpoint({
    method: 'GET',
    path: 'users/userReport/userProfit',
    summary: "One user's money over a period: the caller's own, or a member of its team",
    request: userProfitQuery,
    data: userProfitData,
    login: true,
  }),
  userAgentReport: endpoint({
    method: 'GET',
    path: 'users/agentReport/userAgentReport',
    summary: 'Per direct downline, its team figures over a period; with the own and the whole-team sums',
    request: userAgentReportQuery,
    data: userAgentReportData,
    login: true,
  }),
  userAgentReportDetail: endpoint({
    method: 'GET',
    path: 'users/agentReport/userAgentReport/detail',
    summary: "A team member's team figures per Beijing day of the period",
    request: userAgentReportDetailQuery,
    data: userAgentReportDetailData,
    login: true,
  }),
  childReport: endpoint({
    method: 'GET',
    path: 'users/childReport',
    summary: 'Per direct downline, its own figures over a period (no seven days)',
    request: childReportQuery,
    data: childReportData,
    login: true,
  }),
  agentReportTeamData: endpoint({
    method: 'GET',
    path: 'report/agentReport/agentReportTeamData',
    summary: 'The team summary of the agent centre: figures, members, new, betting and first-deposit counts',
    request: teamDataQuery,
    data: teamData,
    login: true,
  }),
  getAgentBetData: endpoint({
    method: 'GET',
    path: 'betting/getAgentBetData',
    summary: "The team's lottery bets over a period, newest first, with totals",
    request: agentBetQuery,
    data: agentBetData,
    login: true,
  }),
  getAgentGameBetData: endpoint({
    method: 'GET',
    path: 'game/getAgentGameBetData',
    summary: "The team's table-game bets over a period (none until table games exist)",
    request: agentGameBetQuery,
    data: agentGameBetData,
    login: true,
  }),
  agentTransactionDetail: endpoint({
    method: 'GET',
    path: 'users/agentTransactionDetail',
    summary: "The team's ledger entries over a period, newest first (交易明细)",
    request: agentTransactionQuery,
    data: agentTransactionData,
    login: true,
  }),
  userManage: endpoint({
    method: 'POST',
    path: 'users/userManage',
    summary: "Raise a direct downline's rebate (not above the own, not below the downline's current)",
    request: userManageRequest,
    data: userManageData,
    login: true,
  }),
} as const;
