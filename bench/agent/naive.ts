import type pg from 'pg';

/**
 * The baseline the closure table and the daily aggregates are measured against: the same team
 * figures as agentReportTeamData, written the way one would without either. The team is a
 * `WITH RECURSIVE` walk of users.parent_id (one index probe per member), and every figure is summed
 * from the raw ledger (each member's player-account entries of the period, through the account/time
 * index). Code lists are the service's (docs/agent.md "Reports"): deposit 101-115 but 110; withdraw
 * 301 less 201; bet 302, 307, 308 less 202, 203, 210, 213, 221; win 205, 209, 220; rebate 204, 501,
 * 502; activity 206, 207, 208, 214, 215, 219. A member "bet" when it has a stake debit (302, 307,
 * 308) in the period; its first deposit is the oldest deposit entry it ever had.
 */

const DEPOSIT = '101, 102, 103, 104, 105, 106, 107, 108, 109, 111, 112, 113, 114, 115';
const STAKES = '302, 307, 308';

/** Minor-unit sums and counts, as the service's teamData answers them. */
export interface NaiveTeam {
  depositMinor: bigint;
  withdrawMinor: bigint;
  betMinor: bigint;
  winMinor: bigint;
  rebateMinor: bigint;
  activityMinor: bigint;
  teamCount: number;
  directCount: number;
  newMembers: number;
  betMembers: number;
  firstDepositMembers: number;
  teamBalanceMinor: bigint;
}

const TEAM = `WITH RECURSIVE team (id, depth) AS (
    SELECT id, 1 FROM users WHERE parent_id = $1
    UNION ALL
    SELECT u.id, team.depth + 1 FROM users u JOIN team ON u.parent_id = team.id WHERE team.depth < 1000
  )`;

export const NAIVE_TEAM_SQL = `${TEAM},
  account AS (SELECT a.id, a.user_id, a.balance_minor FROM team JOIN wallet_account a ON a.user_id = team.id AND a.kind = 'player'),
  moves AS (
    SELECT account.user_id, e.type_code, e.amount_minor
    FROM account JOIN ledger_entry e ON e.account_id = account.id
    WHERE e.created_at >= $2 AND e.created_at < $3
  ),
  first_deposit AS (
    SELECT account.user_id, min(e.created_at) AS at
    FROM account JOIN ledger_entry e ON e.account_id = account.id
    WHERE e.type_code IN (${DEPOSIT}) GROUP BY account.user_id
  )
  SELECT
    (SELECT coalesce(sum(amount_minor) FILTER (WHERE type_code IN (${DEPOSIT})), 0) FROM moves)::text AS deposit,
    (SELECT -coalesce(sum(amount_minor) FILTER (WHERE type_code IN (301, 201)), 0) FROM moves)::text AS withdraw,
    (SELECT -coalesce(sum(amount_minor) FILTER (WHERE type_code IN (302, 307, 308, 202, 203, 210, 213, 221)), 0) FROM moves)::text AS bet,
    (SELECT coalesce(sum(amount_minor) FILTER (WHERE type_code IN (205, 209, 220)), 0) FROM moves)::text AS win,
    (SELECT coalesce(sum(amount_minor) FILTER (WHERE type_code IN (204, 501, 502)), 0) FROM moves)::text AS rebate,
    (SELECT coalesce(sum(amount_minor) FILTER (WHERE type_code IN (206, 207, 208, 214, 215, 219)), 0) FROM moves)::text AS activity,
    (SELECT count(*) FROM team)::int AS team_count,
    (SELECT count(*) FROM team WHERE depth = 1)::int AS direct_count,
    (SELECT count(*) FROM team JOIN users u ON u.id = team.id WHERE u.created_at >= $2 AND u.created_at < $3)::int AS new_members,
    (SELECT count(DISTINCT user_id) FROM moves WHERE type_code IN (${STAKES}))::int AS bet_members,
    (SELECT count(*) FROM first_deposit WHERE at >= $2 AND at < $3)::int AS first_deposit_members,
    (SELECT coalesce(sum(balance_minor), 0) FROM account)::text AS team_balance`;

export async function naiveTeam(
  client: pg.Client,
  rootId: number,
  fromMs: number,
  toMs: number,
): Promise<NaiveTeam> {
  const r = (await client.query(NAIVE_TEAM_SQL, [rootId, fromMs, toMs])).rows[0];
  return {
    depositMinor: BigInt(r.deposit),
    withdrawMinor: BigInt(r.withdraw),
    betMinor: BigInt(r.bet),
    winMinor: BigInt(r.win),
    rebateMinor: BigInt(r.rebate),
    activityMinor: BigInt(r.activity),
    teamCount: r.team_count,
    directCount: r.direct_count,
    newMembers: r.new_members,
    betMembers: r.bet_members,
    firstDepositMembers: r.first_deposit_members,
    teamBalanceMinor: BigInt(r.team_balance),
  };
}

/**
 * Per direct downline of the root: its whole team's figures (userAgentReport's rows), the same
 * walk carrying which downline each member descends from. Used as a check, not timed.
 */
export async function naivePerBranch(
  client: pg.Client,
  rootId: number,
  fromMs: number,
  toMs: number,
): Promise<Map<number, Record<'deposit' | 'withdraw' | 'bet' | 'win' | 'rebate' | 'activity', bigint>>> {
  const rows = await client.query(
    `WITH RECURSIVE team (id, branch, depth) AS (
       SELECT id, id, 1 FROM users WHERE parent_id = $1
       UNION ALL
       SELECT u.id, team.branch, team.depth + 1 FROM users u JOIN team ON u.parent_id = team.id WHERE team.depth < 1000
     )
     SELECT team.branch::int AS branch,
       coalesce(sum(e.amount_minor) FILTER (WHERE e.type_code IN (${DEPOSIT})), 0)::text AS deposit,
       (-coalesce(sum(e.amount_minor) FILTER (WHERE e.type_code IN (301, 201)), 0))::text AS withdraw,
       (-coalesce(sum(e.amount_minor) FILTER (WHERE e.type_code IN (302, 307, 308, 202, 203, 210, 213, 221)), 0))::text AS bet,
       coalesce(sum(e.amount_minor) FILTER (WHERE e.type_code IN (205, 209, 220)), 0)::text AS win,
       coalesce(sum(e.amount_minor) FILTER (WHERE e.type_code IN (204, 501, 502)), 0)::text AS rebate,
       coalesce(sum(e.amount_minor) FILTER (WHERE e.type_code IN (206, 207, 208, 214, 215, 219)), 0)::text AS activity
     FROM team JOIN wallet_account a ON a.user_id = team.id AND a.kind = 'player'
     JOIN ledger_entry e ON e.account_id = a.id AND e.created_at >= $2 AND e.created_at < $3
     GROUP BY team.branch`,
    [rootId, fromMs, toMs],
  );
  return new Map(
    rows.rows.map((r) => [
      r.branch,
      {
        deposit: BigInt(r.deposit),
        withdraw: BigInt(r.withdraw),
        bet: BigInt(r.bet),
        win: BigInt(r.win),
        rebate: BigInt(r.rebate),
        activity: BigInt(r.activity),
      },
    ]),
  );
}

/** The team's bets placed in the period (getAgentBetData's totals), from the same walk. */
export async function naiveBets(
  client: pg.Client,
  rootId: number,
  fromMs: number,
  toMs: number,
): Promise<{ total: number; amountMinor: bigint; bonusMinor: bigint; newestIds: string[] }> {
  const totals = (
    await client.query(
      `${TEAM}
       SELECT count(*)::int AS n, coalesce(sum(b.amount_minor) FILTER (WHERE b.state <> 3), 0)::text AS amount,
              coalesce(sum(b.bonus_minor), 0)::text AS bonus
       FROM team JOIN bet b ON b.user_id = team.id WHERE b.created_at >= $2 AND b.created_at < $3`,
      [rootId, fromMs, toMs],
    )
  ).rows[0];
  const newest = await client.query(
    `${TEAM}
     SELECT b.id::text FROM team JOIN bet b ON b.user_id = team.id WHERE b.created_at >= $2 AND b.created_at < $3
     ORDER BY b.created_at DESC, b.id DESC LIMIT 20`,
    [rootId, fromMs, toMs],
  );
  return {
    total: totals.n,
    amountMinor: BigInt(totals.amount),
    bonusMinor: BigInt(totals.bonus),
    newestIds: newest.rows.map((r) => r.id),
  };
}
