import { sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';

/**
 * SQL of the agent centre. The team of a user is `agent_tree WHERE ancestor_id = X AND depth > 0`
 * (closure table, migration 0700, docs/adr/0700-agent-tree.md): one index range scan at any depth.
 */

export type AgentRow = {
  id: number;
  tenantId: number;
  isAgent: boolean;
  rebate: string;
  status: string;
};

/** The acting user as the agent checks need it; `forUpdate` serialises its code creation. */
export async function findAgent(
  db: Executor,
  userId: number,
  forUpdate = false,
): Promise<AgentRow | undefined> {
  const row = await queryOne<{
    id: string;
    tenant_id: number;
    is_agent: boolean;
    rebate: string;
    status: string;
  }>(
    db,
    sql`SELECT id::text, tenant_id, is_agent, rebate::text, status FROM users WHERE id = ${userId}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return (
    row && {
      id: Number(row.id),
      tenantId: Number(row.tenant_id),
      isAgent: row.is_agent,
      rebate: row.rebate,
      status: row.status,
    }
  );
}

/** Levels from `ancestorId` down to `userId`; undefined when userId is not in that subtree. */
export async function depthBelow(
  db: Executor,
  ancestorId: number,
  userId: number,
): Promise<number | undefined> {
  const row = await queryOne<{ depth: number }>(
    db,
    sql`SELECT depth FROM agent_tree WHERE ancestor_id = ${ancestorId} AND descendant_id = ${userId}`,
  );
  return row ? Number(row.depth) : undefined;
}

// ---- invite codes ---------------------------------------------------------------------------

export type InviteCodeRow = {
  id: number;
  code: string;
  codeType: number;
  rebate: string;
  registrations: number;
  createdAt: number;
};

type InviteCodeDbRow = {
  id: string;
  code: string;
  code_type: number;
  rebate: string;
  registrations: string;
  created_at: string;
};

const toInviteCode = (r: InviteCodeDbRow): InviteCodeRow => ({
  id: Number(r.id),
  code: r.code,
  codeType: Number(r.code_type),
  rebate: r.rebate,
  registrations: Number(r.registrations),
  createdAt: Number(r.created_at),
});

export async function liveCodeCount(db: Executor, agentId: number): Promise<number> {
  const row = await queryOne<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM invite_codes WHERE agent_id = ${agentId} AND deleted_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/** Inserts a code; undefined when the code is already taken in the tenant (the caller draws again). */
export async function insertInviteCode(
  db: Executor,
  c: { tenantId: number; agentId: number; code: string; codeType: number; rebate: string; now: number },
): Promise<InviteCodeRow | undefined> {
  const row = await queryOne<InviteCodeDbRow>(
    db,
    sql`INSERT INTO invite_codes (tenant_id, code, agent_id, rebate, code_type, created_at)
        VALUES (${c.tenantId}, ${c.code}, ${c.agentId}, ${c.rebate}::numeric, ${c.codeType}, ${c.now})
        ON CONFLICT (tenant_id, code) DO NOTHING
        RETURNING id::text, code, code_type, rebate::text, '0' AS registrations, created_at::text`,
  );
  return row && toInviteCode(row);
}

/** The agent's live codes, newest first, with the accounts registered by each. */
export async function inviteCodesOf(
  db: Executor,
  agentId: number,
  codeType?: number,
): Promise<InviteCodeRow[]> {
  const rows = await queryRows<InviteCodeDbRow>(
    db,
    sql`SELECT c.id::text, c.code, c.code_type, c.rebate::text, c.created_at::text,
          (SELECT count(*) FROM users u WHERE u.invite_code_id = c.id)::text AS registrations
        FROM invite_codes c
        WHERE c.agent_id = ${agentId} AND c.deleted_at IS NULL
          ${codeType === undefined ? sql`` : sql`AND c.code_type = ${codeType}`}
        ORDER BY c.id DESC`,
  );
  return rows.map(toInviteCode);
}

/** Soft-deletes one of the agent's own live codes; false when there is none with that id. */
export async function deleteInviteCode(
  db: Executor,
  agentId: number,
  id: number,
  now: number,
): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    db,
    sql`UPDATE invite_codes SET deleted_at = ${now}
        WHERE id = ${id} AND agent_id = ${agentId} AND deleted_at IS NULL RETURNING id::text`,
  );
  return row !== undefined;
}

// ---- team -----------------------------------------------------------------------------------

type MemberDbRow = {
  id: string;
  user_name: string;
  is_agent: boolean;
  rebate: string;
  depth: number;
  balance: string;
  last_login_at: string | null;
  status: string;
  created_at: string;
  team_count: string;
  online: boolean;
  type_rebates: { lotteryType: number; rebate: string }[];
  total: string;
};

export type MemberRow = {
  userId: number;
  userName: string;
  isAgent: boolean;
  rebate: string;
  depth: number;
  balanceMinor: bigint;
  lastLoginAt: number | null;
  status: string;
  createdAt: number;
  teamCount: number;
  online: boolean;
  /** Per-type overrides of `rebate` (migration 0702). */
  typeRebates: { lotteryType: number; rebate: string }[];
};

/**
 * "Online" in the member list: the member has a live session (not revoked, not expired) that made a
 * request in the last five minutes. Sessions record their last request at most once a minute
 * (auth/session-repo.ts), in the database, so every process sees the same answer; a player who
 * only keeps a chat socket open without calls counts as online while the page polls its balance.
 */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Members below `rootId` (direct only unless `all`), newest first, with the total of the filter. */
export async function teamMembers(
  db: Executor,
  q: { rootId: number; all: boolean; userName?: string; limit: number; offset: number; nowMs: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const name = q.userName ? `%${likeEscape(q.userName.toLowerCase())}%` : undefined;
  const rows = await queryRows<MemberDbRow>(
    db,
    sql`SELECT u.id::text, u.user_name, u.is_agent, u.rebate::text, t.depth, u.status,
          u.last_login_at::text, u.created_at::text,
          coalesce(a.balance_minor, 0)::text AS balance,
          (SELECT count(*) FROM agent_tree c WHERE c.ancestor_id = u.id AND c.depth > 0)::text AS team_count,
          EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL
                    AND s.expires_at > ${q.nowMs} AND s.last_seen_at > ${q.nowMs - ONLINE_WINDOW_MS}) AS online,
          (SELECT coalesce(json_agg(json_build_object('lotteryType', r.lottery_type, 'rebate', r.rebate::text)
                                    ORDER BY r.lottery_type), '[]'::json)
             FROM user_type_rebate r WHERE r.user_id = u.id) AS type_rebates,
          count(*) OVER ()::text AS total
        FROM agent_tree t
        JOIN users u ON u.id = t.descendant_id
        LEFT JOIN wallet_account a ON a.user_id = u.id AND a.kind = 'player'
        WHERE t.ancestor_id = ${q.rootId}
          AND ${q.all ? sql`t.depth > 0` : sql`t.depth = 1`}
          ${name ? sql`AND u.user_name LIKE ${name}` : sql``}
        ORDER BY u.id DESC
        LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : q.offset > 0 ? await teamCount(db, q, name) : 0;
  return {
    total,
    rows: rows.map((r) => ({
      userId: Number(r.id),
      userName: r.user_name,
      isAgent: r.is_agent,
      rebate: r.rebate,
      depth: Number(r.depth),
      balanceMinor: BigInt(r.balance),
      lastLoginAt: r.last_login_at === null ? null : Number(r.last_login_at),
      status: r.status,
      createdAt: Number(r.created_at),
      teamCount: Number(r.team_count),
      online: r.online === true,
      typeRebates: typeof r.type_rebates === 'string' ? JSON.parse(r.type_rebates) : r.type_rebates,
    })),
  };
}

/** The filter's count when the page asked for lies past the end (no row carries the total). */
async function teamCount(db: Executor, q: { rootId: number; all: boolean }, name?: string): Promise<number> {
  const row = await queryOne<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM agent_tree t JOIN users u ON u.id = t.descendant_id
        WHERE t.ancestor_id = ${q.rootId} AND ${q.all ? sql`t.depth > 0` : sql`t.depth = 1`}
          ${name ? sql`AND u.user_name LIKE ${name}` : sql``}`,
  );
  return Number(row?.n ?? 0);
}

/** Sum of the player wallets of everyone below `rootId`, and how many they are. */
export async function teamWalletSum(
  db: Executor,
  rootId: number,
): Promise<{ sumMinor: bigint; members: number }> {
  const row = await queryOne<{ total: string; members: string }>(
    db,
    sql`SELECT coalesce(sum(a.balance_minor), 0)::text AS total, count(DISTINCT t.descendant_id)::text AS members
        FROM agent_tree t
        LEFT JOIN wallet_account a ON a.user_id = t.descendant_id AND a.kind = 'player'
        WHERE t.ancestor_id = ${rootId} AND t.depth > 0`,
  );
  return { sumMinor: BigInt(row?.total ?? '0'), members: Number(row?.members ?? 0) };
}

/** The player wallets of everyone below `rootId`, summed (teamWalletSum without the member count). */
export async function teamBalanceSum(db: Executor, rootId: number): Promise<{ sumMinor: bigint }> {
  const row = await queryOne<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(a.balance_minor), 0)::text AS total
        FROM agent_tree t JOIN wallet_account a ON a.user_id = t.descendant_id AND a.kind = 'player'
        WHERE t.ancestor_id = ${rootId} AND t.depth > 0`,
  );
  return { sumMinor: BigInt(row?.total ?? '0') };
}

/**
 * Sums of the yuebao savings (`yuebao:<id>`) and pledge (`pledge:<id>`) accounts of everyone below
 * `rootId` (the yuebao module's account names, modules/yuebao/accounts.ts).
 */
export async function teamSavingsSum(
  db: Executor,
  rootId: number,
): Promise<{ savingsMinor: bigint; pledgeMinor: bigint; members: number }> {
  const row = await queryOne<{ savings: string; pledge: string; members: string }>(
    db,
    sql`SELECT
          coalesce(sum(a.balance_minor) FILTER (WHERE a.code LIKE 'yuebao:%'), 0)::text AS savings,
          coalesce(sum(a.balance_minor) FILTER (WHERE a.code LIKE 'pledge:%'), 0)::text AS pledge,
          count(DISTINCT t.descendant_id)::text AS members
        FROM agent_tree t
        LEFT JOIN wallet_account a ON a.user_id = t.descendant_id AND a.kind = 'savings'
        WHERE t.ancestor_id = ${rootId} AND t.depth > 0`,
  );
  return {
    savingsMinor: BigInt(row?.savings ?? '0'),
    pledgeMinor: BigInt(row?.pledge ?? '0'),
    members: Number(row?.members ?? 0),
  };
}
