import { randomInt } from 'node:crypto';
import {
  type InviteCodeItem,
  type InviteCodeList,
  AgentMessages as M,
  MAX_INVITE_CODES,
  type RebateDescription,
  type UserManageList,
} from '@lottery/contract/agent';
import { Codes, Messages } from '@lottery/contract/codes';
import { formatMoney } from '@lottery/contract/money';
import type { Family } from '@lottery/rules/family';
import { FAMILY_LOTTERY_TYPE, LOTTERY_TYPES } from '@lottery/rules/lotteries';
import {
  DEFAULT_POLICY,
  formatRebateTenths,
  type PrizeGroupPolicy,
  parseRebateTenths,
  prizeGroup,
  rebateTable,
} from '@lottery/rules/odds';
import { playsOf } from '@lottery/rules/plays';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { DEFAULT_AVATARS, findUserByName, hashPasswordDigest, insertUser } from '../auth/index';
import { tenantOf } from '../site/index';
import {
  type AgentRow,
  deleteInviteCode as deleteCodeRow,
  depthBelow,
  findAgent,
  type InviteCodeRow,
  insertInviteCode,
  inviteCodesOf,
  liveCodeCount,
  teamMembers,
  teamSavingsSum,
  teamWalletSum,
} from './repo';

/**
 * The agent centre's commands and reads (docs/agent.md). Every call starts from `agentOf`: the
 * session's user, refused unless it is an active agent. Reads and acts below another user only
 * after `teamRoot` found that user in the caller's subtree (agent_tree), so an agent never reaches
 * outside its own team whatever id it sends. Refusals write nothing.
 */

export type Session = { userId: number; tenantId: number };

export const invalid = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

export async function agentOf(
  ctx: AppContext,
  session: Session,
  db: Parameters<typeof findAgent>[0] = ctx.db,
  lock = false,
) {
  const agent = await findAgent(db, session.userId, lock);
  if (!agent) throw DomainError.of(Codes.SESSION_EXPIRED);
  if (!agent.isAgent) throw invalid(M.notAgent);
  if (agent.status === 'disabled') throw DomainError.of(Codes.ACCOUNT_DISABLED);
  if (agent.status === 'frozen') throw DomainError.of(Codes.ACCOUNT_FROZEN);
  return agent;
}

/** The caller, or a member of its team when `userId` is given (anyone else: 该用户不是您的下级). */
export async function teamRoot(
  ctx: AppContext,
  agent: AgentRow,
  userId: number | undefined,
): Promise<number> {
  if (userId === undefined || userId === agent.id) return agent.id;
  if ((await depthBelow(ctx.db, agent.id, userId)) === undefined) throw invalid(M.notInTeam);
  return userId;
}

/** The tenant's prize-group policy (the same figures betting/policy.ts prices bets with). */
async function policyOf(ctx: AppContext): Promise<PrizeGroupPolicy> {
  const tenant = await tenantOf(ctx);
  const maxRebateTenths = parseRebateTenths(String(tenant.maxRebate)) ?? DEFAULT_POLICY.maxRebateTenths;
  return { minGroup: DEFAULT_POLICY.minGroup, maxRebateTenths };
}

/** The caller's rebate in tenths, capped by the tenant's maximum (as betting caps it). */
const ownTenths = (agent: AgentRow, policy: PrizeGroupPolicy) =>
  Math.min(parseRebateTenths(agent.rebate) ?? 0, policy.maxRebateTenths);

/** A rebate a downline may get from this agent: ≤ its own, ≤ the tenant's maximum. */
export async function downlineRebate(ctx: AppContext, agent: AgentRow, text: string): Promise<number> {
  const tenths = parseRebateTenths(text);
  if (tenths === null) throw invalid(M.rebateFormat);
  const policy = await policyOf(ctx);
  if (tenths > (parseRebateTenths(agent.rebate) ?? 0)) throw invalid(M.rebateAboveOwn);
  if (tenths > policy.maxRebateTenths) throw invalid(M.rebateAboveMax);
  return tenths;
}

const trimRebate = (text: string) => formatRebateTenths(parseRebateTenths(text) ?? 0);

const toItem = (r: InviteCodeRow): InviteCodeItem => ({ ...r, rebate: trimRebate(r.rebate) });

// ---- invite codes ---------------------------------------------------------------------------

/** Codes are 8 digits; a clash with an existing code draws again (bounded). */
const CODE_DRAWS = 8;
const drawCode = () => String(randomInt(10_000_000, 100_000_000));

export async function createInviteCode(
  ctx: AppContext,
  session: Session,
  input: { codeType: number; rebate: string },
): Promise<InviteCodeItem> {
  const checked = await agentOf(ctx, session);
  const tenths = await downlineRebate(ctx, checked, input.rebate);
  const now = ctx.clock.now();
  // The agent row locked: two parallel creations cannot both pass the cap.
  return ctx.db.transaction(async (tx) => {
    const agent = await agentOf(ctx, session, tx, true);
    if ((await liveCodeCount(tx, agent.id)) >= MAX_INVITE_CODES) throw invalid(M.tooManyCodes);
    for (let draw = 0; draw < CODE_DRAWS; draw++) {
      const row = await insertInviteCode(tx, {
        tenantId: agent.tenantId,
        agentId: agent.id,
        code: drawCode(),
        codeType: input.codeType,
        rebate: formatRebateTenths(tenths),
        now,
      });
      if (row) return toItem(row);
    }
    throw DomainError.of(Codes.BUSY_RETRY);
  });
}

export async function listInviteCodes(
  ctx: AppContext,
  session: Session,
  codeType: number | undefined,
): Promise<InviteCodeList> {
  const agent = await agentOf(ctx, session);
  return { rows: (await inviteCodesOf(ctx.db, agent.id, codeType)).map(toItem) };
}

export async function deleteInviteCode(ctx: AppContext, session: Session, id: number): Promise<void> {
  const agent = await agentOf(ctx, session);
  // Another agent's code answers as a missing one: nothing tells it exists.
  if (!(await deleteCodeRow(ctx.db, agent.id, id, ctx.clock.now()))) throw invalid(M.codeNotFound);
}

// ---- rebate description ---------------------------------------------------------------------

const FAMILY_BY_TYPE = new Map<number, Family>(
  Object.entries(FAMILY_LOTTERY_TYPE).map(([family, type]) => [type, family as Family]),
);

export async function rebateDescription(
  ctx: AppContext,
  session: Session,
  query: { lotteryType?: number; rebate?: string },
): Promise<RebateDescription> {
  const agent = await agentOf(ctx, session);
  const policy = await policyOf(ctx);
  const own = ownTenths(agent, policy);
  const levels = [];
  for (let tenths = own; tenths >= 0; tenths--) {
    levels.push({ rebate: formatRebateTenths(tenths), group: prizeGroup(policy, tenths) });
  }
  let table: RebateDescription['table'] = null;
  if (query.lotteryType !== undefined) {
    const level = query.rebate === undefined ? own : parseRebateTenths(query.rebate);
    if (level === null) throw invalid(M.rebateFormat);
    if (level > own) throw invalid(M.rebateAboveOwn);
    const family = FAMILY_BY_TYPE.get(query.lotteryType);
    if (family) {
      const t = rebateTable(playsOf(family), policy, level);
      table = {
        lotteryType: query.lotteryType,
        rebate: t.rebate,
        group: t.group,
        odds: t.odds.map((o) => ({
          playCode: o.playCode,
          tier: o.tier,
          tierName: o.tierName,
          bonus: o.bonus,
          credit: o.credit,
        })),
      };
    }
  }
  return {
    rebate: formatRebateTenths(own),
    maxRebate: formatRebateTenths(policy.maxRebateTenths),
    types: LOTTERY_TYPES.map((t) => ({
      lotteryType: t.lotteryType,
      name: t.name,
      hasOdds: FAMILY_BY_TYPE.has(t.lotteryType),
    })),
    levels,
    table,
  };
}

// ---- child opening --------------------------------------------------------------------------

/**
 * Opens a downline account: the registration rules (name free, password digest argon2-hashed,
 * default avatar), placed under the agent with a rebate ≤ its own. The user row and its
 * agent_tree rows (written by the insert's trigger) commit together.
 */
export async function openChild(
  ctx: AppContext,
  session: Session,
  input: { userName: string; password: string; type: number; rebate: string },
  registerIp: string,
): Promise<{ userId: number; userName: string; isAgent: boolean; rebate: string }> {
  const agent = await agentOf(ctx, session);
  const tenths = await downlineRebate(ctx, agent, input.rebate);
  if (await findUserByName(ctx.db, agent.tenantId, input.userName)) throw invalid(Messages.userNameTaken);
  const passwordHash = await hashPasswordDigest(input.password);
  const isAgent = input.type === 1;
  const user = await insertUser(ctx.db, {
    tenantId: agent.tenantId,
    userName: input.userName,
    passwordHash,
    avatar: DEFAULT_AVATARS[0],
    parentId: agent.id,
    rebate: formatRebateTenths(tenths),
    isAgent,
    role: isAgent ? 'agent' : 'player',
    grade: 1,
    registerIp,
    now: ctx.clock.now(),
  });
  // The unique index settles a race on the name: the loser inserted nothing.
  if (!user) throw invalid(Messages.userNameTaken);
  return { userId: user.id, userName: user.userName, isAgent, rebate: formatRebateTenths(tenths) };
}

// ---- member management ----------------------------------------------------------------------

export async function userManageList(
  ctx: AppContext,
  session: Session,
  query: { userId?: number; all: boolean; userName?: string; pageNum: number; pageSize: number },
): Promise<UserManageList> {
  const agent = await agentOf(ctx, session);
  const rootId = await teamRoot(ctx, agent, query.userId);
  const { rows, total } = await teamMembers(ctx.db, {
    rootId,
    all: query.all,
    ...(query.userName ? { userName: query.userName } : {}),
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
    nowMs: ctx.clock.now(),
  });
  return {
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    rows: rows.map((r) => ({
      userId: r.userId,
      userName: r.userName,
      isAgent: r.isAgent,
      rebate: trimRebate(r.rebate),
      depth: r.depth,
      balance: formatMoney(r.balanceMinor),
      lastLoginAt: r.lastLoginAt,
      status: r.status,
      createdAt: r.createdAt,
      teamCount: r.teamCount,
      online: r.online,
    })),
  };
}

export async function teamBalance(ctx: AppContext, session: Session, userId: number | undefined) {
  const agent = await agentOf(ctx, session);
  const { sumMinor, members } = await teamWalletSum(ctx.db, await teamRoot(ctx, agent, userId));
  return { balance: formatMoney(sumMinor), members };
}

export async function teamYuebaoBalance(ctx: AppContext, session: Session, userId: number | undefined) {
  const agent = await agentOf(ctx, session);
  const sums = await teamSavingsSum(ctx.db, await teamRoot(ctx, agent, userId));
  return {
    balance: formatMoney(sums.savingsMinor),
    pledgeAmount: formatMoney(sums.pledgeMinor),
    members: sums.members,
  };
}
