import { type SQL, sql } from 'drizzle-orm';
import { type Executor, pgArray, queryOne, queryRows } from '../../db/sql';
import { BEIJING_OFFSET_MS, DAY_MS, type DayPlan } from './report-period';

/**
 * SQL of the agent reports (docs/agent.md "Reports"). Every figure is a sum of one user's
 * player-account ledger entries over a set of type codes; the same per-(user, day) statement
 * (`liveDaily`) feeds the daily job's INSERT and the live part of every report, so an aggregated
 * day and a live day cannot disagree. A team is `agent_tree WHERE ancestor_id = X`: the users of a
 * query are always an indexed sub-select, then each user's ledger is one range scan of
 * ledger_entry_account_time_idx (or one primary-key range of agent_report_daily).
 */

/** Ledger type codes per figure (packages/contract/src/wallet.ts TRANSACTION_TYPES). */
export const FIGURE_CODES = {
  /** Deposits by channel; 110 (余额宝转出) moves the member's own savings and is no deposit. */
  deposit: [101, 102, 103, 104, 105, 106, 107, 108, 109, 111, 112, 113, 114, 115],
  /** Withdrawal requests (301, debited when requested) less the ones returned (201). Negated. */
  withdraw: [301, 201],
  /** Stakes (302 bet, 307 chase order, 308 table game) less their refunds (202, 203, 210, 213, 221). Negated. */
  bet: [302, 307, 308, 202, 203, 210, 213, 221],
  /** Prizes (205), prize top-ups (209), table-game prizes (220). */
  win: [205, 209, 220],
  /** Agent rebate (204), bet rebate (501), table-game rebate (502). */
  rebate: [204, 501, 502],
  /** Daily bonus, promotions, deposit bonus, activity envelope, sign-in, promotion reward. */
  activity: [206, 207, 208, 214, 215, 219],
} as const;
/** Stake debits: a member with one of these in the period "bet". */
export const STAKE_CODES = [302, 307, 308] as const;

const ALL_CODES = [...new Set(Object.values(FIGURE_CODES).flat())];
const list = (codes: readonly number[]) =>
  sql.join(
    codes.map((c) => sql.raw(String(Number(c)))),
    sql`, `,
  );

/** Minor-unit sums of one row or group of rows. */
export type FigureSums = {
  depositMinor: bigint;
  withdrawMinor: bigint;
  betMinor: bigint;
  winMinor: bigint;
  rebateMinor: bigint;
  activityMinor: bigint;
};
type SumCols = {
  deposit: string;
  withdraw: string;
  bet: string;
  win: string;
  rebate: string;
  activity: string;
};
const toSums = (r: SumCols | undefined): FigureSums => ({
  depositMinor: BigInt(r?.deposit ?? '0'),
  withdrawMinor: BigInt(r?.withdraw ?? '0'),
  betMinor: BigInt(r?.bet ?? '0'),
  winMinor: BigInt(r?.win ?? '0'),
  rebateMinor: BigInt(r?.rebate ?? '0'),
  activityMinor: BigInt(r?.activity ?? '0'),
});

/** A set of users as a sub-select of ids. */
export const Users = {
  one: (userId: number): SQL => sql`SELECT ${userId}::bigint`,
  ids: (ids: readonly number[]): SQL => sql`SELECT unnest(${pgArray(ids)}::bigint[])`,
  /** The team of `rootId`: itself included with minDepth 0, only those below with 1. */
  team: (rootId: number, minDepth: 0 | 1): SQL =>
    sql`SELECT descendant_id FROM agent_tree WHERE ancestor_id = ${rootId} AND depth >= ${minDepth}`,
  /** The direct downlines of `rootId`, optionally those whose name contains `namePattern` (LIKE). */
  direct: (rootId: number, namePattern?: string): SQL =>
    namePattern
      ? sql`SELECT t.descendant_id FROM agent_tree t JOIN users u ON u.id = t.descendant_id
            WHERE t.ancestor_id = ${rootId} AND t.depth = 1 AND u.user_name LIKE ${namePattern}`
      : sql`SELECT descendant_id FROM agent_tree WHERE ancestor_id = ${rootId} AND depth = 1`,
};

const dayOf = (col: SQL) => sql`((${col} + ${BEIJING_OFFSET_MS}) / ${DAY_MS})::int`;

/**
 * Per (user, Beijing day) figures straight from the ledger, for the users of `users` (all users
 * when undefined) and entries in any of `ranges` (half-open epoch-ms ranges). Columns are those of
 * agent_report_daily. first_deposit: the day holds a deposit and none came before the first one
 * of that day.
 */
export function liveDaily(users: SQL | undefined, ranges: readonly { fromMs: number; toMs: number }[]): SQL {
  const inRanges = sql.join(
    ranges.map((r) => sql`(e.created_at >= ${r.fromMs} AND e.created_at < ${r.toMs})`),
    sql` OR `,
  );
  const signed = (codes: readonly number[], negate = false) =>
    sql`${negate ? sql`-` : sql``}coalesce(sum(e.amount_minor) FILTER (WHERE e.type_code IN (${list(codes)})), 0)`;
  return sql`SELECT g.user_id, g.day, g.deposit_minor, g.withdraw_minor, g.bet_minor, g.win_minor,
        g.rebate_minor, g.activity_minor, g.bet_count,
        (g.first_deposit_at IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM ledger_entry p WHERE p.account_id = g.account_id
            AND p.type_code IN (${list(FIGURE_CODES.deposit)}) AND p.created_at < g.first_deposit_at
        )) AS first_deposit
      FROM (
        SELECT a.user_id, a.id AS account_id, ${dayOf(sql`e.created_at`)} AS day,
          ${signed(FIGURE_CODES.deposit)} AS deposit_minor,
          ${signed(FIGURE_CODES.withdraw, true)} AS withdraw_minor,
          ${signed(FIGURE_CODES.bet, true)} AS bet_minor,
          ${signed(FIGURE_CODES.win)} AS win_minor,
          ${signed(FIGURE_CODES.rebate)} AS rebate_minor,
          ${signed(FIGURE_CODES.activity)} AS activity_minor,
          (count(*) FILTER (WHERE e.type_code IN (${list(STAKE_CODES)})))::int AS bet_count,
          min(e.created_at) FILTER (WHERE e.type_code IN (${list(FIGURE_CODES.deposit)})) AS first_deposit_at
        FROM wallet_account a
        JOIN ledger_entry e ON e.account_id = a.id
        WHERE a.kind = 'player' AND a.user_id IS NOT NULL
          ${users ? sql`AND a.user_id IN (${users})` : sql``}
          AND (${inRanges})
          AND e.type_code IN (${list(ALL_CODES)})
        GROUP BY a.user_id, a.id, 3
      ) g`;
}

/** Per (user, day) rows of a period: aggregates for the days the job closed, the ledger for the rest. */
function dailyRows(users: SQL, plan: DayPlan): SQL {
  const parts: SQL[] = [];
  if (plan.aggregatedDays.length > 0) {
    parts.push(sql`SELECT user_id, day, deposit_minor, withdraw_minor, bet_minor, win_minor, rebate_minor,
        activity_minor, bet_count, first_deposit
      FROM agent_report_daily
      WHERE user_id IN (${users}) AND day = ANY(${pgArray(plan.aggregatedDays)}::int[])`);
  }
  if (plan.liveRanges.length > 0) parts.push(liveDaily(users, plan.liveRanges));
  if (parts.length === 0) {
    return sql`SELECT 0::bigint AS user_id, 0 AS day, 0::bigint AS deposit_minor, 0::bigint AS withdraw_minor,
      0::bigint AS bet_minor, 0::bigint AS win_minor, 0::bigint AS rebate_minor, 0::bigint AS activity_minor,
      0 AS bet_count, false AS first_deposit WHERE false`;
  }
  return sql.join(parts, sql` UNION ALL `);
}

const SUMS = sql`coalesce(sum(f.deposit_minor), 0)::text AS deposit,
  coalesce(sum(f.withdraw_minor), 0)::text AS withdraw,
  coalesce(sum(f.bet_minor), 0)::text AS bet,
  coalesce(sum(f.win_minor), 0)::text AS win,
  coalesce(sum(f.rebate_minor), 0)::text AS rebate,
  coalesce(sum(f.activity_minor), 0)::text AS activity`;

/** The figures of `users` over the period, with how many of them bet and made their first deposit. */
export async function sumFigures(
  db: Executor,
  users: SQL,
  plan: DayPlan,
): Promise<FigureSums & { betMembers: number; firstDepositMembers: number }> {
  const row = await queryOne<SumCols & { bet_members: string; first_deposit_members: string }>(
    db,
    sql`SELECT ${SUMS},
          count(DISTINCT f.user_id) FILTER (WHERE f.bet_count > 0)::text AS bet_members,
          count(DISTINCT f.user_id) FILTER (WHERE f.first_deposit)::text AS first_deposit_members
        FROM (${dailyRows(users, plan)}) f`,
  );
  return {
    ...toSums(row),
    betMembers: Number(row?.bet_members ?? 0),
    firstDepositMembers: Number(row?.first_deposit_members ?? 0),
  };
}

/** The figures of each user of `userIds` alone. */
export async function figuresPerUser(
  db: Executor,
  userIds: readonly number[],
  plan: DayPlan,
): Promise<Map<number, FigureSums>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<SumCols & { user_id: string }>(
    db,
    sql`SELECT f.user_id::text, ${SUMS} FROM (${dailyRows(Users.ids(userIds), plan)}) f GROUP BY f.user_id`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), toSums(r)]));
}

/** The figures of each of `rootIds` and everyone below it. */
export async function figuresPerTeam(
  db: Executor,
  rootIds: readonly number[],
  plan: DayPlan,
): Promise<Map<number, FigureSums>> {
  if (rootIds.length === 0) return new Map();
  const roots = sql`${pgArray(rootIds)}::bigint[]`;
  const rows = await queryRows<SumCols & { root_id: string }>(
    db,
    sql`SELECT t.ancestor_id::text AS root_id, ${SUMS}
        FROM (${dailyRows(sql`SELECT descendant_id FROM agent_tree WHERE ancestor_id = ANY(${roots})`, plan)}) f
        JOIN agent_tree t ON t.descendant_id = f.user_id AND t.ancestor_id = ANY(${roots})
        GROUP BY t.ancestor_id`,
  );
  return new Map(rows.map((r) => [Number(r.root_id), toSums(r)]));
}

/** The figures of `users` per Beijing day (days without any entry absent). */
export async function figuresPerDay(
  db: Executor,
  users: SQL,
  plan: DayPlan,
): Promise<Map<number, FigureSums>> {
  const rows = await queryRows<SumCols & { day: number }>(
    db,
    sql`SELECT f.day, ${SUMS} FROM (${dailyRows(users, plan)}) f GROUP BY f.day`,
  );
  return new Map(rows.map((r) => [Number(r.day), toSums(r)]));
}

/** Of the days in [fromDay, toDay], those the job has aggregated. */
export async function aggregatedDays(db: Executor, fromDay: number, toDay: number): Promise<number[]> {
  const rows = await queryRows<{ day: number }>(
    db,
    sql`SELECT day FROM agent_report_day WHERE day BETWEEN ${fromDay} AND ${toDay} ORDER BY day`,
  );
  return rows.map((r) => Number(r.day));
}

/** Members below `rootId`, direct ones, and those registered in [fromMs, toMs). */
export async function teamCounts(
  db: Executor,
  rootId: number,
  fromMs: number,
  toMs: number,
): Promise<{ teamCount: number; directCount: number; newMembers: number }> {
  const row = await queryOne<{ team: string; direct: string; fresh: string }>(
    db,
    sql`SELECT count(*)::text AS team,
          count(*) FILTER (WHERE t.depth = 1)::text AS direct,
          count(*) FILTER (WHERE u.created_at >= ${fromMs} AND u.created_at < ${toMs})::text AS fresh
        FROM agent_tree t JOIN users u ON u.id = t.descendant_id
        WHERE t.ancestor_id = ${rootId} AND t.depth > 0`,
  );
  return {
    teamCount: Number(row?.team ?? 0),
    directCount: Number(row?.direct ?? 0),
    newMembers: Number(row?.fresh ?? 0),
  };
}

export async function userName(db: Executor, userId: number): Promise<string> {
  const row = await queryOne<{ user_name: string }>(
    db,
    sql`SELECT user_name FROM users WHERE id = ${userId}`,
  );
  return row?.user_name ?? '';
}

// ---- team bets and ledger entries ------------------------------------------------------------

type TeamFilter = {
  rootId: number;
  /** 0: the root's own rows too; 1: only those below it. */
  minDepth: 0 | 1;
  fromMs: number;
  toMs: number;
  namePattern?: string;
  limit: number;
  offset: number;
};

const teamOf = (f: TeamFilter, userCol: SQL) =>
  sql`${userCol} IN (SELECT t.descendant_id FROM agent_tree t
        ${f.namePattern ? sql`JOIN users n ON n.id = t.descendant_id AND n.user_name LIKE ${f.namePattern}` : sql``}
        WHERE t.ancestor_id = ${f.rootId} AND t.depth >= ${f.minDepth})`;

export type TeamBetRow = {
  id: string;
  userId: number;
  userName: string;
  lotteryCode: string;
  issue: string;
  amountMinor: bigint;
  bonusMinor: bigint;
  state: number;
  createdAt: number;
};

/**
 * The team's lottery bets placed in the period, newest first, with the count of every match and
 * the stake and prize sums of the valid ones (a cancelled bet's stake was refunded).
 */
export async function teamBets(
  db: Executor,
  f: TeamFilter & { lotteryCode?: string },
): Promise<{ rows: TeamBetRow[]; total: number; amountMinor: bigint; bonusMinor: bigint }> {
  const where = sql`${teamOf(f, sql`b.user_id`)} AND b.created_at >= ${f.fromMs} AND b.created_at < ${f.toMs}
    ${f.lotteryCode ? sql`AND b.lottery_code = ${f.lotteryCode}` : sql``}`;
  const totals = await queryOne<{ n: string; amount: string; bonus: string }>(
    db,
    sql`SELECT count(*)::text AS n,
          coalesce(sum(b.amount_minor) FILTER (WHERE b.state <> 3), 0)::text AS amount,
          coalesce(sum(b.bonus_minor), 0)::text AS bonus
        FROM bet b WHERE ${where}`,
  );
  const rows = await queryRows<{
    id: string;
    user_id: string;
    user_name: string;
    lottery_code: string;
    issue: string;
    amount_minor: string;
    bonus_minor: string;
    state: number;
    created_at: string;
  }>(
    db,
    sql`SELECT b.id::text, b.user_id::text, u.user_name, b.lottery_code, b.issue, b.amount_minor::text,
          b.bonus_minor::text, b.state, b.created_at::text
        FROM bet b JOIN users u ON u.id = b.user_id
        WHERE ${where}
        ORDER BY b.created_at DESC, b.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  return {
    total: Number(totals?.n ?? 0),
    amountMinor: BigInt(totals?.amount ?? '0'),
    bonusMinor: BigInt(totals?.bonus ?? '0'),
    rows: rows.map((r) => ({
      id: r.id,
      userId: Number(r.user_id),
      userName: r.user_name,
      lotteryCode: r.lottery_code,
      issue: r.issue,
      amountMinor: BigInt(r.amount_minor),
      bonusMinor: BigInt(r.bonus_minor),
      state: Number(r.state),
      createdAt: Number(r.created_at),
    })),
  };
}

export type TeamGameBetRow = {
  id: string;
  userId: number;
  userName: string;
  gameCode: string;
  roundId: string;
  amountMinor: bigint;
  bonusMinor: bigint;
  createdAt: number;
};

/** The team's table-game bets placed in the period, newest first (game_bet, docs/games.md). */
export async function teamGameBets(
  db: Executor,
  f: TeamFilter,
): Promise<{ rows: TeamGameBetRow[]; total: number; amountMinor: bigint; bonusMinor: bigint }> {
  const where = sql`${teamOf(f, sql`b.user_id`)} AND b.created_at >= ${f.fromMs} AND b.created_at < ${f.toMs}`;
  const totals = await queryOne<{ n: string; amount: string; bonus: string }>(
    db,
    sql`SELECT count(*)::text AS n,
          coalesce(sum(b.stake_minor) FILTER (WHERE b.state <> 3), 0)::text AS amount,
          coalesce(sum(b.return_minor) FILTER (WHERE b.state = 1), 0)::text AS bonus
        FROM game_bet b WHERE ${where}`,
  );
  const rows = await queryRows<{
    id: string;
    user_id: string;
    user_name: string;
    game_code: string;
    round_id: string;
    stake_minor: string;
    return_minor: string | null;
    created_at: string;
  }>(
    db,
    sql`SELECT b.id::text, b.user_id::text, u.user_name, b.game_code, b.round_id, b.stake_minor::text,
          b.return_minor::text, b.created_at::text
        FROM game_bet b JOIN users u ON u.id = b.user_id
        WHERE ${where}
        ORDER BY b.created_at DESC, b.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  return {
    total: Number(totals?.n ?? 0),
    amountMinor: BigInt(totals?.amount ?? '0'),
    bonusMinor: BigInt(totals?.bonus ?? '0'),
    rows: rows.map((r) => ({
      id: r.id,
      userId: Number(r.user_id),
      userName: r.user_name,
      gameCode: r.game_code,
      roundId: r.round_id,
      amountMinor: BigInt(r.stake_minor),
      bonusMinor: BigInt(r.return_minor ?? '0'),
      createdAt: Number(r.created_at),
    })),
  };
}

export type TeamEntryRow = {
  id: string;
  userId: number;
  userName: string;
  typeCode: number;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  createdAt: number;
};

/** The team's player-account ledger entries in the period, newest first; `type` as the contract says. */
export async function teamEntries(
  db: Executor,
  f: TeamFilter & { type: number },
): Promise<{ rows: TeamEntryRow[]; total: number }> {
  const typeFilter =
    f.type === 0
      ? sql``
      : f.type <= 6
        ? sql`AND e.type_code BETWEEN ${f.type * 100} AND ${f.type * 100 + 99}`
        : sql`AND e.type_code = ${f.type}`;
  const where = sql`a.kind = 'player' AND ${teamOf(f, sql`a.user_id`)}
    AND e.created_at >= ${f.fromMs} AND e.created_at < ${f.toMs} ${typeFilter}`;
  const total = await queryOne<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM wallet_account a JOIN ledger_entry e ON e.account_id = a.id WHERE ${where}`,
  );
  const rows = await queryRows<{
    id: string;
    user_id: string;
    user_name: string;
    type_code: number;
    amount_minor: string;
    balance_after_minor: string;
    created_at: string;
  }>(
    db,
    sql`SELECT e.id::text, a.user_id::text, u.user_name, e.type_code, e.amount_minor::text,
          e.balance_after_minor::text, e.created_at::text
        FROM wallet_account a JOIN ledger_entry e ON e.account_id = a.id JOIN users u ON u.id = a.user_id
        WHERE ${where}
        ORDER BY e.created_at DESC, e.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      id: r.id,
      userId: Number(r.user_id),
      userName: r.user_name,
      typeCode: Number(r.type_code),
      amountMinor: BigInt(r.amount_minor),
      balanceAfterMinor: BigInt(r.balance_after_minor),
      createdAt: Number(r.created_at),
    })),
  };
}

// ---- rebate raise ----------------------------------------------------------------------------

/**
 * Raises a direct downline's rebate in one statement: the agent's row is read FOR SHARE (a
 * concurrent change of the agent's own rebate commits first or waits), and the downline's row is
 * updated only while it is still a direct downline, the new rebate is still ≤ the agent's, and its
 * current rebate is still ≤ the new one; under READ COMMITTED PostgreSQL re-checks that condition
 * on the row's newest version, so of two racing raises the lower one that commits second changes
 * nothing. False when nothing was updated.
 */
export async function raiseRebate(
  db: Executor,
  agentId: number,
  childId: number,
  rebate: string,
  nowMs: number,
): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    db,
    sql`WITH agent AS (SELECT rebate FROM users WHERE id = ${agentId} FOR SHARE)
        UPDATE users c SET rebate = ${rebate}::numeric, rebate_updated_at = ${nowMs}
        FROM agent
        WHERE c.id = ${childId} AND c.parent_id = ${agentId}
          AND ${rebate}::numeric <= agent.rebate AND c.rebate <= ${rebate}::numeric
        RETURNING c.id::text`,
  );
  return row !== undefined;
}

export async function rebateOf(db: Executor, userId: number): Promise<string | undefined> {
  const row = await queryOne<{ rebate: string }>(
    db,
    sql`SELECT rebate::text FROM users WHERE id = ${userId}`,
  );
  return row?.rebate;
}

// ---- the daily job ---------------------------------------------------------------------------

/** The last aggregated day, or undefined before the first run. */
export async function lastAggregatedDay(db: Executor): Promise<number | undefined> {
  const row = await queryOne<{ day: number | null }>(db, sql`SELECT max(day) AS day FROM agent_report_day`);
  return row?.day === null || row?.day === undefined ? undefined : Number(row.day);
}

/** Epoch ms of the oldest ledger entry, or undefined on an empty ledger. */
export async function firstEntryMs(db: Executor): Promise<number | undefined> {
  const row = await queryOne<{ at: string | null }>(
    db,
    sql`SELECT min(created_at)::text AS at FROM ledger_entry`,
  );
  return row?.at ? Number(row.at) : undefined;
}

/**
 * Aggregates day `day` ([fromMs, toMs)): one INSERT … SELECT … GROUP BY over the day's entries,
 * upserted so a re-run rewrites the same figures, then the day's mark. Returns the users written.
 */
export async function aggregateDay(
  db: Executor,
  day: number,
  fromMs: number,
  toMs: number,
  nowMs: number,
): Promise<number> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`INSERT INTO agent_report_daily (user_id, day, deposit_minor, withdraw_minor, bet_minor, win_minor,
          rebate_minor, activity_minor, bet_count, first_deposit)
        SELECT user_id, day, deposit_minor, withdraw_minor, bet_minor, win_minor, rebate_minor,
          activity_minor, bet_count, first_deposit
        FROM (${liveDaily(undefined, [{ fromMs, toMs }])}) d
        ON CONFLICT (user_id, day) DO UPDATE SET
          deposit_minor = EXCLUDED.deposit_minor, withdraw_minor = EXCLUDED.withdraw_minor,
          bet_minor = EXCLUDED.bet_minor, win_minor = EXCLUDED.win_minor,
          rebate_minor = EXCLUDED.rebate_minor, activity_minor = EXCLUDED.activity_minor,
          bet_count = EXCLUDED.bet_count, first_deposit = EXCLUDED.first_deposit
        RETURNING user_id::text`,
  );
  await db.execute(
    sql`INSERT INTO agent_report_day (day, users, computed_at) VALUES (${day}, ${rows.length}, ${nowMs})
        ON CONFLICT (day) DO UPDATE SET users = EXCLUDED.users, computed_at = EXCLUDED.computed_at`,
  );
  return rows.length;
}
