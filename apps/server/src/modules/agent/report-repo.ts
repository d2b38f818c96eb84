import { type SQL, sql } from 'drizzle-orm';
import { type Executor, pgArray, queryOne, queryRows } from '../../db/sql';
import { type AggregateMarks, BEIJING_OFFSET_MS, DAY_MS, type DayPlan, dayStartMs } from './report-period';

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

const COLS = sql`deposit_minor, withdraw_minor, bet_minor, win_minor, rebate_minor, activity_minor`;

/** Per (user, day) rows of a period: aggregates for the days the job wrote, the ledger for the rest. */
function dailyRows(users: SQL, plan: Pick<DayPlan, 'aggregatedDays' | 'liveRanges'>): SQL {
  const parts: SQL[] = [];
  if (plan.aggregatedDays.length > 0) {
    parts.push(sql`SELECT user_id, day, ${COLS}, bet_count, first_deposit
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

/**
 * Per (root, day) figures of the teams of `rootIds` (each root with everyone below it when
 * minDepth is 0, only those below with 1), columns root_id, day, the six sums and first_deposits.
 * Days with a team rollup read one agent_team_daily row per root (plus the root's own row); the
 * other aggregated days and the live ranges read per-user rows, each carrying its root from the
 * member set (one hash join, not a probe of agent_tree per row).
 */
function teamRows(rootIds: readonly number[], minDepth: 0 | 1, plan: DayPlan): SQL {
  const roots = sql`${pgArray(rootIds)}::bigint[]`;
  const rolled = new Set(plan.teamDays);
  const rest = {
    aggregatedDays: plan.aggregatedDays.filter((d) => !rolled.has(d)),
    liveRanges: plan.liveRanges,
  };
  const parts: SQL[] = [];
  if (plan.teamDays.length > 0) {
    const days = sql`${pgArray(plan.teamDays)}::int[]`;
    parts.push(sql`SELECT ancestor_id AS root_id, day, ${COLS}, first_deposits
      FROM agent_team_daily WHERE ancestor_id = ANY(${roots}) AND day = ANY(${days})`);
    if (minDepth === 0)
      parts.push(sql`SELECT user_id AS root_id, day, ${COLS}, first_deposit::int AS first_deposits
        FROM agent_report_daily WHERE user_id = ANY(${roots}) AND day = ANY(${days})`);
  }
  if (rest.aggregatedDays.length > 0 || rest.liveRanges.length > 0) {
    const members = sql`SELECT descendant_id FROM agent_tree WHERE ancestor_id = ANY(${roots}) AND depth >= ${minDepth}`;
    parts.push(sql`SELECT m.root_id, f.day, f.deposit_minor, f.withdraw_minor, f.bet_minor, f.win_minor,
        f.rebate_minor, f.activity_minor, f.first_deposit::int AS first_deposits
      FROM (SELECT ancestor_id AS root_id, descendant_id FROM agent_tree
            WHERE ancestor_id = ANY(${roots}) AND depth >= ${minDepth}) m
      JOIN (${dailyRows(members, rest)}) f ON f.user_id = m.descendant_id`);
  }
  if (parts.length === 0)
    return sql`SELECT 0::bigint AS root_id, 0 AS day, 0::bigint AS deposit_minor, 0::bigint AS withdraw_minor,
      0::bigint AS bet_minor, 0::bigint AS win_minor, 0::bigint AS rebate_minor, 0::bigint AS activity_minor,
      0 AS first_deposits WHERE false`;
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

/**
 * The figures of the team of `rootId` (with itself for minDepth 0, only those below for 1), and
 * how many members made their first deposit ever in the period (one day per member, so the
 * rollup's daily counts add up).
 */
export async function teamFigures(
  db: Executor,
  rootId: number,
  minDepth: 0 | 1,
  plan: DayPlan,
): Promise<FigureSums & { firstDepositMembers: number }> {
  const row = await queryOne<SumCols & { first_deposits: string }>(
    db,
    sql`SELECT ${SUMS}, coalesce(sum(f.first_deposits), 0)::text AS first_deposits
        FROM (${teamRows([rootId], minDepth, plan)}) f`,
  );
  return { ...toSums(row), firstDepositMembers: Number(row?.first_deposits ?? 0) };
}

/** agent_team_daily.bettors spans this many look-back lengths (0..62 days): every report period. */
export const BETTOR_SPAN = 63;

/**
 * Members below `rootId` with a stake debit in the period (a distinct count across days). When
 * the period's aggregated days run from its first day without a gap and all have their rollup,
 * it is the sum of each day's rollup `bettors[d - fromDay + 1]` (members whose first betting day
 * of the period that is) plus the live bettors that did not bet on those days. Otherwise it is
 * counted from the per-user rows (partial index of bettors) and the live ranges.
 */
export async function teamBettors(db: Executor, rootId: number, plan: DayPlan): Promise<number> {
  const members = Users.team(rootId, 1);
  const days = plan.aggregatedDays;
  const live = plan.liveRanges.length > 0 ? liveDaily(members, plan.liveRanges) : undefined;
  const dayList = sql`${pgArray(days)}::int[]`;
  const fromRollup =
    days.length > 0 &&
    plan.teamDays.length === days.length &&
    days.every((d, i) => d === plan.fromDay + i) &&
    days.length <= BETTOR_SPAN;
  if (fromRollup) {
    const row = await queryOne<{ n: string }>(
      db,
      sql`SELECT ((SELECT coalesce(sum(bettors[day - ${plan.fromDay} + 1]), 0) FROM agent_team_daily
                   WHERE ancestor_id = ${rootId} AND day = ANY(${dayList}))
                 ${
                   live
                     ? sql`+ (SELECT count(DISTINCT l.user_id) FROM (${live}) l
                         WHERE l.bet_count > 0 AND NOT EXISTS (
                           SELECT 1 FROM agent_report_daily d
                           WHERE d.user_id = l.user_id AND d.day = ANY(${dayList}) AND d.bet_count > 0))`
                     : sql``
                 })::text AS n`,
    );
    return Number(row?.n ?? 0);
  }
  const parts: SQL[] = [];
  if (days.length > 0)
    parts.push(sql`SELECT user_id FROM agent_report_daily
      WHERE day = ANY(${dayList}) AND bet_count > 0 AND user_id IN (${members})`);
  if (live) parts.push(sql`SELECT l.user_id FROM (${live}) l WHERE l.bet_count > 0`);
  if (parts.length === 0) return 0;
  const row = await queryOne<{ n: string }>(
    db,
    sql`SELECT count(DISTINCT b.user_id)::text AS n FROM (${sql.join(parts, sql` UNION ALL `)}) b`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The sum over `users` of each user's figures truncated to cents (profit too, from the user's
 * exact figures), in minor units: a list's total that equals the sum of its displayed rows.
 */
export async function sumOfUserCents(
  db: Executor,
  users: SQL,
  plan: DayPlan,
): Promise<FigureSums & { profitMinor: bigint }> {
  const cents = (col: string) => sql.raw(`coalesce(sum(trunc(u.${col} / 100) * 100), 0)::text AS ${col}`);
  const row = await queryOne<SumCols & { profit: string }>(
    db,
    sql`SELECT ${cents('deposit')}, ${cents('withdraw')}, ${cents('bet')}, ${cents('win')}, ${cents('rebate')},
          ${cents('activity')}, ${cents('profit')}
        FROM (SELECT sum(f.deposit_minor) AS deposit, sum(f.withdraw_minor) AS withdraw,
                sum(f.bet_minor) AS bet, sum(f.win_minor) AS win, sum(f.rebate_minor) AS rebate,
                sum(f.activity_minor) AS activity,
                sum(f.win_minor) + sum(f.rebate_minor) + sum(f.activity_minor) - sum(f.bet_minor) AS profit
              FROM (${dailyRows(users, plan)}) f GROUP BY f.user_id) u`,
  );
  return { ...toSums(row), profitMinor: BigInt(row?.profit ?? '0') };
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
  const rows = await queryRows<SumCols & { root_id: string }>(
    db,
    sql`SELECT f.root_id::text, ${SUMS} FROM (${teamRows(rootIds, 0, plan)}) f GROUP BY f.root_id`,
  );
  return new Map(rows.map((r) => [Number(r.root_id), toSums(r)]));
}

/** The figures of the team of `rootId` (itself included) per Beijing day (days without any entry absent). */
export async function teamFiguresPerDay(
  db: Executor,
  rootId: number,
  plan: DayPlan,
): Promise<Map<number, FigureSums>> {
  const rows = await queryRows<SumCols & { day: number }>(
    db,
    sql`SELECT f.day, ${SUMS} FROM (${teamRows([rootId], 0, plan)}) f GROUP BY f.day`,
  );
  return new Map(rows.map((r) => [Number(r.day), toSums(r)]));
}

/** What the job has written for the days in [fromDay, toDay]: whole days, team rollups, the fold. */
export async function aggregateMarks(db: Executor, fromDay: number, toDay: number): Promise<AggregateMarks> {
  const rows = await queryRows<{ kind: string; day: number; upto: string | null }>(
    db,
    sql`SELECT 'day' AS kind, day, NULL::text AS upto FROM agent_report_day WHERE day BETWEEN ${fromDay} AND ${toDay}
        UNION ALL
        SELECT 'team', day, NULL FROM agent_team_day WHERE day BETWEEN ${fromDay} AND ${toDay}
        UNION ALL
        SELECT 'fold', day, upto_ms::text FROM agent_report_fold WHERE day BETWEEN ${fromDay} AND ${toDay}`,
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.day));
  const fold = rows
    .filter((r) => r.kind === 'fold')
    .map((r) => ({ day: Number(r.day), uptoMs: Number(r.upto) }))
    .sort((x, y) => y.day - x.day)[0];
  return { days: of('day'), teamDays: of('team'), ...(fold ? { fold } : {}) };
}

/**
 * Members below `rootId`, direct ones (index-only counts of agent_tree), and those registered in
 * the period: the rollup's daily counts for its days, and for the rest of the period (live
 * ranges, aggregated days without a rollup) the registrations by users_created_idx, each probed
 * against the team's primary key (LATERAL … LIMIT 1 keeps the planner from hashing the team).
 */
export async function teamCounts(
  db: Executor,
  rootId: number,
  plan: DayPlan,
): Promise<{ teamCount: number; directCount: number; newMembers: number }> {
  const rolled = new Set(plan.teamDays);
  const ranges: { fromMs: number; toMs: number }[] = [...plan.liveRanges];
  for (const day of plan.aggregatedDays) {
    if (rolled.has(day)) continue;
    // the aggregated part of the day: up to where a live range (the fold's tail) starts
    const tail = plan.liveRanges.find((r) => r.fromMs > dayStartMs(day) && r.fromMs < dayStartMs(day + 1));
    ranges.push({ fromMs: dayStartMs(day), toMs: tail?.fromMs ?? dayStartMs(day + 1) });
  }
  const probed =
    ranges.length === 0
      ? sql`0`
      : sql`(SELECT count(*) FROM users u
             CROSS JOIN LATERAL (SELECT 1 FROM agent_tree t
               WHERE t.ancestor_id = ${rootId} AND t.descendant_id = u.id AND t.depth > 0 LIMIT 1) m
             WHERE ${sql.join(
               ranges.map((r) => sql`(u.created_at >= ${r.fromMs} AND u.created_at < ${r.toMs})`),
               sql` OR `,
             )})`;
  const fromRollup =
    plan.teamDays.length === 0
      ? sql`0`
      : sql`(SELECT coalesce(sum(new_members), 0) FROM agent_team_daily
             WHERE ancestor_id = ${rootId} AND day = ANY(${pgArray(plan.teamDays)}::int[]))`;
  const row = await queryOne<{ team: string; direct: string; fresh: string }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM agent_tree WHERE ancestor_id = ${rootId} AND depth > 0)::text AS team,
          (SELECT count(*) FROM agent_tree WHERE ancestor_id = ${rootId} AND depth = 1)::text AS direct,
          (${probed} + ${fromRollup})::text AS fresh`,
  );
  return {
    teamCount: Number(row?.team ?? 0),
    directCount: Number(row?.direct ?? 0),
    newMembers: Number(row?.fresh ?? 0),
  };
}

/** The direct downlines of `rootId` whose name contains `namePattern` (LIKE), or all of them. */
export async function directIds(db: Executor, rootId: number, namePattern?: string): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT x.descendant_id::text AS id FROM (${Users.direct(rootId, namePattern)}) x`,
  );
  return rows.map((r) => Number(r.id));
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
  f: TeamFilter & { lotteryCode?: string; betPlan?: BetPlan },
): Promise<{ rows: TeamBetRow[]; total: number; amountMinor: bigint; bonusMinor: bigint }> {
  const where = sql`${teamOf(f, sql`b.user_id`)} AND b.created_at >= ${f.fromMs} AND b.created_at < ${f.toMs}
    ${f.lotteryCode ? sql`AND b.lottery_code = ${f.lotteryCode}` : sql``}`;
  const totals = f.betPlan ? await teamBetTotals(db, f, f.betPlan) : await liveBetTotals(db, where);
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
    ...totals,
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

type BetTotals = { total: number; amountMinor: bigint; bonusMinor: bigint };

/** Count, valid stakes and prizes of the bets matching `where` (alias b), read from bet. */
async function liveBetTotals(db: Executor, where: SQL): Promise<BetTotals> {
  const row = await queryOne<{ n: string; amount: string; bonus: string }>(
    db,
    sql`SELECT count(*)::text AS n,
          coalesce(sum(b.amount_minor) FILTER (WHERE b.state <> 3), 0)::text AS amount,
          coalesce(sum(b.bonus_minor), 0)::text AS bonus
        FROM bet b WHERE ${where}`,
  );
  return {
    total: Number(row?.n ?? 0),
    amountMinor: BigInt(row?.amount ?? '0'),
    bonusMinor: BigInt(row?.bonus ?? '0'),
  };
}

/**
 * Which days of a bet-totals period come from the sums (ADR 0704): the sealed days wholly inside
 * it; the rest of the period (`liveRanges`: today, unsealed days, a partial day) from bet live.
 */
export type BetPlan = { sealedDays: number[]; liveRanges: { fromMs: number; toMs: number }[] };

/** The sealed days among [fromDay, toDay]. */
export async function sealedBetDays(db: Executor, fromDay: number, toDay: number): Promise<number[]> {
  const rows = await queryRows<{ day: number }>(
    db,
    sql`SELECT day FROM agent_bet_day WHERE day BETWEEN ${fromDay} AND ${toDay} ORDER BY day`,
  );
  return rows.map((r) => Number(r.day));
}

/**
 * Team bet totals from the sums for the sealed days plus bet live for the rest: the team rollup
 * (agent_team_bet_daily, everyone below the root) and the root's own per-user rows when it counts
 * itself; with a name filter, the per-user rows of the matching members instead.
 */
async function teamBetTotals(
  db: Executor,
  f: TeamFilter & { lotteryCode?: string },
  plan: BetPlan,
): Promise<BetTotals> {
  const lottery = (col: SQL) => (f.lotteryCode ? sql`AND ${col} = ${f.lotteryCode}` : sql``);
  const parts: SQL[] = [];
  if (plan.sealedDays.length > 0) {
    const days = sql`${pgArray(plan.sealedDays)}::int[]`;
    if (f.namePattern) {
      parts.push(sql`SELECT sum(a.bets) AS n, sum(a.amount_minor) AS amount, sum(a.bonus_minor) AS bonus
        FROM agent_bet_daily a WHERE ${teamOf(f, sql`a.user_id`)} AND a.day = ANY(${days}) ${lottery(sql`a.lottery_code`)}`);
    } else {
      parts.push(sql`SELECT sum(t.bets), sum(t.amount_minor), sum(t.bonus_minor)
        FROM agent_team_bet_daily t
        WHERE t.ancestor_id = ${f.rootId} AND t.day = ANY(${days}) ${lottery(sql`t.lottery_code`)}`);
      if (f.minDepth === 0)
        parts.push(sql`SELECT sum(a.bets), sum(a.amount_minor), sum(a.bonus_minor)
          FROM agent_bet_daily a
          WHERE a.user_id = ${f.rootId} AND a.day = ANY(${days}) ${lottery(sql`a.lottery_code`)}`);
    }
  }
  if (plan.liveRanges.length > 0) {
    const ranges = sql.join(
      plan.liveRanges.map((r) => sql`(b.created_at >= ${r.fromMs} AND b.created_at < ${r.toMs})`),
      sql` OR `,
    );
    parts.push(sql`SELECT count(*), sum(b.amount_minor) FILTER (WHERE b.state <> 3), sum(b.bonus_minor)
      FROM bet b WHERE ${teamOf(f, sql`b.user_id`)} AND (${ranges}) ${lottery(sql`b.lottery_code`)}`);
  }
  if (parts.length === 0) return { total: 0, amountMinor: 0n, bonusMinor: 0n };
  const row = await queryOne<{ n: string; amount: string; bonus: string }>(
    db,
    sql`SELECT coalesce(sum(n), 0)::text AS n, coalesce(sum(amount), 0)::text AS amount,
          coalesce(sum(bonus), 0)::text AS bonus
        FROM (${sql.join(parts, sql` UNION ALL `)}) s(n, amount, bonus)`,
  );
  return {
    total: Number(row?.n ?? 0),
    amountMinor: BigInt(row?.amount ?? '0'),
    bonusMinor: BigInt(row?.bonus ?? '0'),
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
 * Locks a rebate raise's two rows inside the caller's transaction: the agent's FOR SHARE (a change
 * of its own rebates, which locks it FOR UPDATE, commits first or waits) and the downline's FOR
 * UPDATE, only while it is still a direct downline of the agent. Two raises of one downline thus
 * run one after the other, the second reading what the first wrote. Undefined when the downline is
 * not (or no longer) direct.
 */
export async function lockRaise(
  db: Executor,
  agentId: number,
  childId: number,
): Promise<{ agentRebate: string; childRebate: string } | undefined> {
  const agent = await queryOne<{ rebate: string }>(
    db,
    sql`SELECT rebate::text FROM users WHERE id = ${agentId} FOR SHARE`,
  );
  if (!agent) return undefined;
  const child = await queryOne<{ rebate: string }>(
    db,
    sql`SELECT rebate::text FROM users WHERE id = ${childId} AND parent_id = ${agentId} FOR UPDATE`,
  );
  return child && { agentRebate: agent.rebate, childRebate: child.rebate };
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
 * Writes day `day`'s per-user rows from the ledger entries in [fromMs, toMs): one INSERT … SELECT …
 * GROUP BY, upserted so a re-run rewrites the same figures (and a later fold of the same day, which
 * only adds entries, grows the rows). Returns the users written.
 */
export async function writeUserDay(db: Executor, fromMs: number, toMs: number): Promise<number> {
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
  return rows.length;
}

/** Marks day `day` aggregated whole; its fold (if it was folded while it was today) is done with. */
export async function markDay(db: Executor, day: number, users: number, nowMs: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO agent_report_day (day, users, computed_at) VALUES (${day}, ${users}, ${nowMs})
        ON CONFLICT (day) DO UPDATE SET users = EXCLUDED.users, computed_at = EXCLUDED.computed_at`,
  );
  await db.execute(sql`DELETE FROM agent_report_fold WHERE day <= ${day}`);
}

/** Records that today's per-user rows cover the ledger up to `uptoMs`. */
export async function markFold(db: Executor, day: number, uptoMs: number, nowMs: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO agent_report_fold (day, upto_ms, computed_at) VALUES (${day}, ${uptoMs}, ${nowMs})
        ON CONFLICT (day) DO UPDATE SET upto_ms = EXCLUDED.upto_ms, computed_at = EXCLUDED.computed_at`,
  );
  await db.execute(sql`DELETE FROM agent_report_fold WHERE day < ${day}`);
}

/** The fold of `day`, if today's rows were written. */
export async function foldOf(db: Executor, day: number): Promise<number | undefined> {
  const row = await queryOne<{ upto: string }>(
    db,
    sql`SELECT upto_ms::text AS upto FROM agent_report_fold WHERE day = ${day}`,
  );
  return row ? Number(row.upto) : undefined;
}

/**
 * Rewrites day `day`'s team rollup from its per-user rows and the tree as it is now, and marks it.
 * The tree state row is read FOR SHARE first: a move (which bumps that row and deletes the marks)
 * either committed before, and the rollup sees the new tree, or waits for this transaction and
 * then deletes the fresh mark. Run inside the caller's transaction.
 */
export async function rollupDay(db: Executor, day: number, nowMs: number, uptoMs?: number): Promise<void> {
  await db.execute(sql`SELECT moves FROM agent_team_state FOR SHARE`);
  await db.execute(sql`DELETE FROM agent_team_daily WHERE day = ${day}`);
  // gap: days since the member's previous betting day (BETTOR_SPAN + 1 when none that recent)
  const bettors = sql.join(
    Array.from({ length: BETTOR_SPAN }, (_, k) => sql.raw(`count(*) FILTER (WHERE d.gap > ${k})`)),
    sql`, `,
  );
  const zero = (col: string) => sql.raw(`coalesce(m.${col}, 0)`);
  await db.execute(
    sql`WITH d AS MATERIALIZED (
          SELECT r.*, CASE WHEN r.bet_count > 0 THEN ${day} - coalesce((
              SELECT max(p.day) FROM agent_report_daily p
              WHERE p.user_id = r.user_id AND p.bet_count > 0
                AND p.day < ${day} AND p.day >= ${day - BETTOR_SPAN}
            ), ${day - BETTOR_SPAN - 1}) END AS gap
          FROM agent_report_daily r WHERE r.day = ${day}
        ),
        money AS (
          SELECT t.ancestor_id, sum(d.deposit_minor) AS deposit_minor, sum(d.withdraw_minor) AS withdraw_minor,
            sum(d.bet_minor) AS bet_minor, sum(d.win_minor) AS win_minor, sum(d.rebate_minor) AS rebate_minor,
            sum(d.activity_minor) AS activity_minor, (count(*) FILTER (WHERE d.first_deposit))::int AS first_deposits,
            ARRAY[${bettors}]::int[] AS bettors
          FROM d JOIN agent_tree t ON t.descendant_id = d.user_id AND t.depth >= 1
          GROUP BY t.ancestor_id
        ),
        fresh AS (
          SELECT t.ancestor_id, count(*)::int AS n
          FROM users u JOIN agent_tree t ON t.descendant_id = u.id AND t.depth >= 1
          WHERE u.created_at >= ${dayStartMs(day)} AND u.created_at < ${uptoMs ?? dayStartMs(day + 1)}
          GROUP BY t.ancestor_id
        )
        INSERT INTO agent_team_daily (ancestor_id, day, ${COLS}, first_deposits, bettors, new_members)
        SELECT coalesce(m.ancestor_id, f.ancestor_id), ${day}, ${zero('deposit_minor')}, ${zero('withdraw_minor')},
          ${zero('bet_minor')}, ${zero('win_minor')}, ${zero('rebate_minor')}, ${zero('activity_minor')},
          ${zero('first_deposits')}, coalesce(m.bettors, '{}'), coalesce(f.n, 0)
        FROM money m FULL JOIN fresh f ON f.ancestor_id = m.ancestor_id`,
  );
  await db.execute(
    sql`INSERT INTO agent_team_day (day, computed_at) VALUES (${day}, ${nowMs})
        ON CONFLICT (day) DO UPDATE SET computed_at = EXCLUDED.computed_at`,
  );
}

/** Of the aggregated days in [fromDay, toDay] (whole, or the fold), those without a team rollup. */
export async function daysWithoutRollup(db: Executor, fromDay: number, toDay: number): Promise<number[]> {
  const rows = await queryRows<{ day: number }>(
    db,
    sql`SELECT day FROM (SELECT day FROM agent_report_day UNION SELECT day FROM agent_report_fold) d
        WHERE day BETWEEN ${fromDay} AND ${toDay}
          AND NOT EXISTS (SELECT 1 FROM agent_team_day m WHERE m.day = d.day)
        ORDER BY day DESC`,
  );
  return rows.map((r) => Number(r.day));
}

// ---- team bet sums (ADR 0704) ----------------------------------------------------------------

/** Days in [fromDay, toDay] not sealed yet, oldest first. */
export async function unsealedBetDays(db: Executor, fromDay: number, toDay: number): Promise<number[]> {
  const rows = await queryRows<{ day: number }>(
    db,
    sql`SELECT d AS day FROM generate_series(${fromDay}::int, ${toDay}::int) d
        WHERE NOT EXISTS (SELECT 1 FROM agent_bet_day m WHERE m.day = d) ORDER BY d`,
  );
  return rows.map((r) => Number(r.day));
}

/**
 * Seals Beijing day `day` [fromMs, toMs) inside the caller's transaction when every bet placed in
 * it is final (none in state 0; a bet leaves state 0 once and never changes again): its per-user
 * sums, their team rollup over the tree as it is (read after agent_team_state FOR SHARE, as
 * rollupDay does, so a move commits before or after, never in between) and its mark. False (nothing
 * written) while a bet of the day is pending: the job tries again next tick.
 */
export async function sealBetDay(
  db: Executor,
  day: number,
  fromMs: number,
  toMs: number,
  nowMs: number,
): Promise<boolean> {
  await db.execute(sql`SELECT moves FROM agent_team_state FOR SHARE`);
  const pending = await queryOne<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM bet WHERE state = 0 AND created_at >= ${fromMs} AND created_at < ${toMs} LIMIT 1`,
  );
  if (pending) return false;
  await db.execute(sql`DELETE FROM agent_bet_daily WHERE day = ${day}`);
  await db.execute(sql`DELETE FROM agent_team_bet_daily WHERE day = ${day}`);
  await db.execute(
    sql`INSERT INTO agent_bet_daily (user_id, day, lottery_code, bets, amount_minor, bonus_minor)
        SELECT b.user_id, ${day}, b.lottery_code, count(*),
          coalesce(sum(b.amount_minor) FILTER (WHERE b.state <> 3), 0), sum(b.bonus_minor)
        FROM bet b WHERE b.created_at >= ${fromMs} AND b.created_at < ${toMs}
        GROUP BY b.user_id, b.lottery_code`,
  );
  await db.execute(
    sql`INSERT INTO agent_team_bet_daily (ancestor_id, day, lottery_code, bets, amount_minor, bonus_minor)
        SELECT t.ancestor_id, ${day}, a.lottery_code, sum(a.bets), sum(a.amount_minor), sum(a.bonus_minor)
        FROM agent_bet_daily a JOIN agent_tree t ON t.descendant_id = a.user_id AND t.depth >= 1
        WHERE a.day = ${day}
        GROUP BY t.ancestor_id, a.lottery_code`,
  );
  await db.execute(
    sql`INSERT INTO agent_bet_day (day, computed_at) VALUES (${day}, ${nowMs})
        ON CONFLICT (day) DO UPDATE SET computed_at = EXCLUDED.computed_at`,
  );
  return true;
}
