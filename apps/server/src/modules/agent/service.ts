import { randomInt } from 'node:crypto';
import {
  type InviteCodeItem,
  type InviteCodeList,
  AgentMessages as M,
  MAX_INVITE_CODES,
  type RebateDescription,
  type TypeRebates,
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
import { hiddenModes, tenantOf } from '../site/index';
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
import {
  codeTypeRebatesOf,
  insertCodeTypeRebates,
  replaceTypeRebates,
  type TypeRebate,
  typeRebatesOf,
} from './type-rebate';

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
export async function policyOf(ctx: AppContext): Promise<PrizeGroupPolicy> {
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

/** The caller's rebate in tenths for each of the sixteen types (its override, else its single figure). */
async function ownTypeTenths(ctx: AppContext, agent: AgentRow): Promise<Map<number, number>> {
  const base = parseRebateTenths(agent.rebate) ?? 0;
  const own = new Map<number, number>(LOTTERY_TYPES.map((t) => [t.lotteryType, base]));
  for (const o of await typeRebatesOf(ctx.db, agent.id))
    own.set(o.lotteryType, parseRebateTenths(o.rebate) ?? 0);
  return own;
}

export const lotteryTypeName = (lotteryType: number) =>
  LOTTERY_TYPES.find((t) => t.lotteryType === lotteryType)?.name ?? '';

/**
 * A downline's rebates: `rebate` for every type not listed, checked as the single figure was;
 * each listed type ≤ the agent's own for that type (`快三返点不能高于您自己的返点`) and ≤ the
 * tenant's maximum. A type not listed where the agent's own is below `rebate` gets the agent's
 * own. Returns the single figure and the overrides that differ from it (what is stored).
 */
export async function downlineRebates(
  ctx: AppContext,
  agent: AgentRow,
  text: string,
  listed: TypeRebates | undefined,
): Promise<{ tenths: number; overrides: TypeRebate[] }> {
  const tenths = await downlineRebate(ctx, agent, text);
  const policy = await policyOf(ctx);
  const own = await ownTypeTenths(ctx, agent);
  const wanted = new Map<number, number>();
  for (const item of listed ?? []) {
    const t = parseRebateTenths(item.rebate);
    if (t === null) throw invalid(M.rebateFormat);
    if (!own.has(item.lotteryType)) throw invalid(M.lotteryTypeRule);
    if (t > own.get(item.lotteryType)!)
      throw invalid(`${lotteryTypeName(item.lotteryType)}${M.rebateAboveOwn}`);
    if (t > policy.maxRebateTenths) throw invalid(`${lotteryTypeName(item.lotteryType)}${M.rebateAboveMax}`);
    wanted.set(item.lotteryType, t);
  }
  const overrides: TypeRebate[] = [];
  for (const [type, ownTenths] of own) {
    const t = wanted.get(type) ?? Math.min(tenths, ownTenths);
    if (t !== tenths) overrides.push({ lotteryType: type, rebate: formatRebateTenths(t) });
  }
  return { tenths, overrides };
}

const trimRebate = (text: string) => formatRebateTenths(parseRebateTenths(text) ?? 0);
const trimTypes = (items: readonly TypeRebate[]) =>
  items.map((i) => ({ lotteryType: i.lotteryType, rebate: trimRebate(i.rebate) }));

const toItem = (r: InviteCodeRow, types: readonly TypeRebate[] = []): InviteCodeItem => ({
  ...r,
  rebate: trimRebate(r.rebate),
  typeRebates: trimTypes(types),
});

// ---- invite codes ---------------------------------------------------------------------------

/** Codes are 8 digits; a clash with an existing code draws again (bounded). */
const CODE_DRAWS = 8;
const drawCode = () => String(randomInt(10_000_000, 100_000_000));

export async function createInviteCode(
  ctx: AppContext,
  session: Session,
  input: { codeType: number; rebate: string; typeRebates?: TypeRebates | undefined },
): Promise<InviteCodeItem> {
  const checked = await agentOf(ctx, session);
  const { tenths, overrides } = await downlineRebates(ctx, checked, input.rebate, input.typeRebates);
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
      if (row) {
        await insertCodeTypeRebates(tx, row.id, overrides);
        return toItem(row, overrides);
      }
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
  const rows = await inviteCodesOf(ctx.db, agent.id, codeType);
  const types = await codeTypeRebatesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toItem(r, types.get(r.id))) };
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
  const ownByType = await ownTypeTenths(ctx, agent);
  const capped = (t: number) => Math.min(t, policy.maxRebateTenths);
  // The levels (and the highest level a table may show) stop at the own rebate for the type asked.
  const own =
    query.lotteryType === undefined
      ? ownTenths(agent, policy)
      : capped(ownByType.get(query.lotteryType) ?? 0);
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
      // Plays the tenant does not offer are left out, as on the player's odds table.
      const hidden = hiddenModes(ctx.config, (await tenantOf(ctx)).code, family);
      const plays = playsOf(family).filter((p) => !hidden.includes(p.code));
      const t = rebateTable(plays, policy, level);
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
    rebate: formatRebateTenths(ownTenths(agent, policy)),
    maxRebate: formatRebateTenths(policy.maxRebateTenths),
    types: LOTTERY_TYPES.map((t) => ({
      lotteryType: t.lotteryType,
      name: t.name,
      hasOdds: FAMILY_BY_TYPE.has(t.lotteryType),
      rebate: formatRebateTenths(capped(ownByType.get(t.lotteryType) ?? 0)),
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
  input: {
    userName: string;
    password: string;
    type: number;
    rebate: string;
    typeRebates?: TypeRebates | undefined;
  },
  registerIp: string,
): Promise<{
  userId: number;
  userName: string;
  isAgent: boolean;
  rebate: string;
  typeRebates: TypeRebate[];
}> {
  const agent = await agentOf(ctx, session);
  const { tenths, overrides } = await downlineRebates(ctx, agent, input.rebate, input.typeRebates);
  if (await findUserByName(ctx.db, agent.tenantId, input.userName)) throw invalid(Messages.userNameTaken);
  const passwordHash = await hashPasswordDigest(input.password);
  const isAgent = input.type === 1;
  // The user, its agent_tree rows (trigger) and its per-type rebates commit together.
  const user = await ctx.db.transaction(async (tx) => {
    const row = await insertUser(tx, {
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
    if (!row) throw invalid(Messages.userNameTaken);
    await replaceTypeRebates(tx, row.id, overrides);
    return row;
  });
  return {
    userId: user.id,
    userName: user.userName,
    isAgent,
    rebate: formatRebateTenths(tenths),
    typeRebates: trimTypes(overrides),
  };
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
      typeRebates: trimTypes(r.typeRebates),
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
