import { z } from 'zod';
import { passwordDigestSchema } from './account';
import { endpoint } from './endpoint';
import { UserName } from './fields';

/**
 * The agent centre (issue 13, docs/agent.md): invite codes, the rebate description, child opening
 * and member management. Every call needs a session of an agent; an agent reads and acts only
 * within its own team (the subtree below it). Rebates are percent strings in 0.1 steps ("7.5");
 * money is decimal yuan strings formatted from bigint minor units.
 */

export const AgentMessages = {
  notAgent: '您还不是代理，无法使用代理功能',
  rebateFormat: '返点格式不正确，请输入0-99之间最多一位小数的数字',
  rebateAboveOwn: '返点不能高于您自己的返点',
  rebateAboveMax: '返点不能高于平台最高返点',
  codeTypeRule: '邀请码类型不正确',
  userTypeRule: '开户类型不正确',
  tooManyCodes: '邀请码数量已达上限，请删除不用的邀请码后再试',
  codeNotFound: '邀请码不存在',
  notInTeam: '该用户不是您的下级',
  lotteryTypeRule: '彩种类型不正确',
  scopeRule: '查询范围不正确',
  pageRule: '页码不正确',
  pageSizeRule: '每页条数须为1-100',
  nameFilterRule: '账号只能包含字母、数字或下划线，最多20位',
  created: '创建成功',
  deleted: '删除成功',
  opened: '开户成功',
} as const;

/** The most live invite codes one agent may hold. */
export const MAX_INVITE_CODES = 50;

/** A rebate point as typed: 0-99 with at most one decimal (tenths of a percent). */
export const rebateSchema = z
  .string({ error: AgentMessages.rebateFormat })
  .trim()
  .regex(/^\d{1,2}(\.\d)?$/, AgentMessages.rebateFormat);

/**
 * A 0/1 choice as a form or query sends it: exactly "0" or "1" (or the number). Anything else
 * ('', '1e0', ' 1', true) is refused with `message`, never read as one of the two.
 */
const zeroOrOne = (message: string) =>
  z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform((v) => (v === '1' ? 1 : 0))], {
    error: message,
  });

/** 0 registers players, 1 registers agents (spec: invatationCode?codeType=1). */
const codeTypeSchema = zeroOrOne(AgentMessages.codeTypeRule);

/** Part of an account name to search for: the characters an account name may hold (no NUL, no %). */
export const nameFilterSchema = z
  .string({ error: AgentMessages.nameFilterRule })
  .trim()
  .regex(/^\w{0,20}$/, AgentMessages.nameFilterRule)
  .optional();

/** Paging of the agent lists, refused in words (not with the field's name). */
export const pageParams = {
  pageNum: z.coerce
    .number({ error: AgentMessages.pageRule })
    .int(AgentMessages.pageRule)
    .min(1, AgentMessages.pageRule)
    .max(10_000, AgentMessages.pageRule)
    .default(1),
  pageSize: z.coerce
    .number({ error: AgentMessages.pageSizeRule })
    .int(AgentMessages.pageSizeRule)
    .min(1, AgentMessages.pageSizeRule)
    .max(100, AgentMessages.pageSizeRule)
    .default(20),
};

const idSchema = z.coerce
  .number({ error: AgentMessages.codeNotFound })
  .int()
  .positive(AgentMessages.codeNotFound);
/** A downline of the caller's team (IDOR-checked on the server); absent: the caller. */
const teamUserIdSchema = z.coerce
  .number({ error: AgentMessages.notInTeam })
  .int(AgentMessages.notInTeam)
  .positive(AgentMessages.notInTeam)
  .optional();
const flagSchema = z
  .union(
    [z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.literal(''), z.boolean()],
    {
      error: AgentMessages.scopeRule,
    },
  )
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === true);

/**
 * Per-lottery-type rebates as a form sends them: `lotteryType:rebate` pairs separated by commas,
 * e.g. "1:7.0,8:6.5" (types 1-16 of the picker, each once). A type not listed takes `rebate`.
 */
export const typeRebatesSchema = z
  .string({ error: AgentMessages.rebateFormat })
  .trim()
  .max(200, AgentMessages.rebateFormat)
  .transform((text, ctx) => {
    const out: { lotteryType: number; rebate: string }[] = [];
    if (text === '') return out;
    for (const pair of text.split(',')) {
      const m = /^\s*(\d{1,3})\s*:\s*(\S*)\s*$/.exec(pair);
      const type = m ? Number(m[1]) : Number.NaN;
      if (!m || !Number.isInteger(type) || type < 1 || type > 16 || out.some((o) => o.lotteryType === type)) {
        ctx.addIssue({ code: 'custom', message: AgentMessages.lotteryTypeRule });
        return z.NEVER;
      }
      if (!/^\d{1,2}(\.\d)?$/.test(m[2]!)) {
        ctx.addIssue({ code: 'custom', message: AgentMessages.rebateFormat });
        return z.NEVER;
      }
      out.push({ lotteryType: type, rebate: m[2]! });
    }
    return out;
  });
export type TypeRebates = z.output<typeof typeRebatesSchema>;

/** One type's rebate where it differs from the single figure. */
export const typeRebateItem = z.object({ lotteryType: z.number().int(), rebate: z.string() });

export const createInviteCodeRequest = z.object({
  codeType: codeTypeSchema,
  /** The rebate of every lottery type not listed in `typeRebates`. */
  rebate: rebateSchema,
  typeRebates: typeRebatesSchema.optional(),
});
export const inviteCodeQuery = z.object({ codeType: codeTypeSchema.optional() });
export const deleteInviteCodeRequest = z.object({ id: idSchema });

export const inviteCodeItem = z.object({
  id: z.number().int(),
  code: z.string(),
  codeType: z.number().int(),
  rebate: z.string(),
  /** Per-type rebates that differ from `rebate`, by lottery type. */
  typeRebates: z.array(typeRebateItem),
  /** Accounts registered with this code. */
  registrations: z.number().int(),
  createdAt: z.number(),
});
export type InviteCodeItem = z.infer<typeof inviteCodeItem>;
export const inviteCodeList = z.object({ rows: z.array(inviteCodeItem) });
export type InviteCodeList = z.infer<typeof inviteCodeList>;

export const rebateQuery = z.object({
  /** One of the sixteen types of the picker; absent: no odds table. */
  lotteryType: z.coerce
    .number({ error: AgentMessages.lotteryTypeRule })
    .int(AgentMessages.lotteryTypeRule)
    .min(1, AgentMessages.lotteryTypeRule)
    .max(16, AgentMessages.lotteryTypeRule)
    .optional(),
  /** The level whose odds to show (≤ the caller's own); absent: the caller's own. */
  rebate: rebateSchema.optional(),
});

const agentOdds = z.object({
  /** Family plus mode code, e.g. K3A10. */
  playCode: z.string(),
  tier: z.string(),
  tierName: z.string(),
  /** Per 2-yuan note (number plays) or per 1 yuan (credit plays). */
  bonus: z.string(),
  credit: z.boolean(),
});
export const rebateDescription = z.object({
  /** The caller's own rebate point. */
  rebate: z.string(),
  /** The tenant's highest rebate point. */
  maxRebate: z.string(),
  /**
   * The sixteen types of the picker with the caller's own rebate for each; `hasOdds` false for the
   * table games (no lottery plays yet).
   */
  types: z.array(
    z.object({ lotteryType: z.number().int(), name: z.string(), hasOdds: z.boolean(), rebate: z.string() }),
  ),
  /**
   * Every level a downline may get, from the caller's own (for `lotteryType` when given) down to 0
   * in 0.1 steps, with its prize group.
   */
  levels: z.array(z.object({ rebate: z.string(), group: z.number().int() })),
  /** The odds of `lotteryType` at `rebate`; null without a lottery type or for a table game. */
  table: z
    .object({
      lotteryType: z.number().int(),
      rebate: z.string(),
      group: z.number().int(),
      odds: z.array(agentOdds),
    })
    .nullable(),
});
export type RebateDescription = z.infer<typeof rebateDescription>;

export const childOpeningRequest = z.object({
  userName: UserName,
  /** The login password digest, as users/register takes it (from the child's name and password). */
  password: passwordDigestSchema,
  /** 0 player, 1 agent. */
  type: zeroOrOne(AgentMessages.userTypeRule),
  rebate: rebateSchema,
  typeRebates: typeRebatesSchema.optional(),
});
export const childOpeningData = z.object({
  userId: z.number().int(),
  userName: z.string(),
  isAgent: z.boolean(),
  rebate: z.string(),
  typeRebates: z.array(typeRebateItem),
});

export const userManageListQuery = z.object({
  /** Whose downlines: a member of the caller's team; absent: the caller. */
  userId: teamUserIdSchema,
  /** 1: the whole team below; otherwise direct downlines only. */
  all: flagSchema,
  /** Part of an account name (case-insensitive). */
  userName: nameFilterSchema,
  ...pageParams,
});
export const teamMember = z.object({
  userId: z.number().int(),
  userName: z.string(),
  isAgent: z.boolean(),
  rebate: z.string(),
  /** Per-type rebates that differ from `rebate`. */
  typeRebates: z.array(typeRebateItem),
  /** Levels below the user whose team is listed (1 = direct). */
  depth: z.number().int(),
  balance: z.string(),
  lastLoginAt: z.number().nullable(),
  /** active, disabled or frozen. */
  status: z.string(),
  createdAt: z.number(),
  /** Members below this one. */
  teamCount: z.number().int(),
  /** A live session of the member made a request in the last five minutes (docs/agent.md). */
  online: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const userManageList = z.object({
  rows: z.array(teamMember),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type UserManageList = z.infer<typeof userManageList>;

export const teamQuery = z.object({ userId: teamUserIdSchema });
export const teamBalanceData = z.object({
  /** Sum of the wallet balances of every member below (the agent itself not included). */
  balance: z.string(),
  members: z.number().int(),
});
export const teamYuebaoBalanceData = z.object({
  /** Sum of the members' yuebao savings; pledged principal apart. */
  balance: z.string(),
  pledgeAmount: z.string(),
  members: z.number().int(),
});

export const AgentApi = {
  createInviteCode: endpoint({
    method: 'POST',
    path: 'users/createInviteCode',
    summary: 'Create an invite code for players (codeType 0) or agents (1) with a rebate ≤ the own',
    request: createInviteCodeRequest,
    data: inviteCodeItem,
    login: true,
  }),
  inviteCode: endpoint({
    method: 'GET',
    path: 'users/inviteCode',
    summary: "The agent's live invite codes with their registrations, newest first",
    request: inviteCodeQuery,
    data: inviteCodeList,
    login: true,
  }),
  deleteInviteCode: endpoint({
    method: 'POST',
    path: 'users/deleteInviteCode',
    summary: 'Delete an own invite code (it stops registering; registrations stay)',
    request: deleteInviteCodeRequest,
    login: true,
  }),
  rebate: endpoint({
    method: 'GET',
    path: 'users/rebate',
    summary: 'Own rebate, the levels below it and, per lottery type, the odds a level gives',
    request: rebateQuery,
    data: rebateDescription,
    login: true,
  }),
  childOpening: endpoint({
    method: 'POST',
    path: 'users/childOpening',
    summary: 'Open a downline account (player or agent) directly under the agent',
    request: childOpeningRequest,
    data: childOpeningData,
    login: true,
  }),
  userManageList: endpoint({
    method: 'GET',
    path: 'users/userManageList',
    summary: 'Members below the agent (or below a member of its team): direct or all, by name, paged',
    request: userManageListQuery,
    data: userManageList,
    login: true,
  }),
  teamBalance: endpoint({
    method: 'GET',
    path: 'users/teamBalance',
    summary: "Sum of the wallet balances of the agent's (or a team member's) team",
    request: teamQuery,
    data: teamBalanceData,
    login: true,
  }),
  teamYuebaoBalance: endpoint({
    method: 'GET',
    path: 'users/teamYuebaoBalance',
    summary: "Sum of the yuebao balances of the agent's (or a team member's) team",
    request: teamQuery,
    data: teamYuebaoBalanceData,
    login: true,
  }),
} as const;
