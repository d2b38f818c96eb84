import { lotteryByCode } from '@lottery/rules/lotteries';
import { seededRandom } from '@lottery/rules/rtp';
import { beijingDayNumber, beijingMidnightMs, issueContaining } from '@lottery/rules/schedule';
import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/client';
import { linePayout } from '../../apps/server/src/modules/betting/index';
import { ensureWalletDefaults } from '../../apps/server/src/modules/payment/index';
import { clearingAccount, houseAccount } from '../../apps/server/src/modules/wallet/index';

/**
 * The agent bench's data, made set-based (a few INSERT … SELECT over generate_series and staging
 * tables) through the real tables, as real play leaves them:
 *
 * - Two agent trees in one tenant. Tree A: a top agent with `descendants` members below it, 5-6
 *   levels, each agent with 5-30 children (all agents under the top, then fewer and fewer agents per
 *   level, so ~90 % of members are players). Tree B, one fifth of A, so every team query has to filter.
 *   Users are inserted one level at a time, so the agent_tree triggers (migration 0700) build the
 *   closure exactly as registration does. Rebates fall 0.1-0.5 % per agent level below 8.5 %;
 *   players get 0-1 % less than their agent (equal rebates leave that agent nothing, as in the settler).
 * - Registration times cover ~400 days before now (about a third of the members in the 60-day window).
 * - Bets: K3 和值 (A10) lines on 1401 (1-minute), 1405 (5-minute) and 1410 (10-minute), every issue
 *   of the window drawn (draw_issue, source official); each bet is one line priced as the web prices it
 *   (2 yuan per note × multiple, unit 1 or 0.1), 20 % take their whole rebate as bettingPoint (prize
 *   group lowered), and a line wins when the dice sum to its number, paid what `linePayout` pays
 *   (the table of payouts is computed with the real function). Bettors are skewed (a few bet a lot).
 * - Ledger, with the keys, related objects, remarks, house shards and accounts the real code uses:
 *   302 per bet (`bet:<id>`, placer), and per issue and player 205 wins and 501 self rebates, per
 *   issue and agent 204 rebate differences up the chain (`settle:<code>:<lottery>:<issue>:<user>`,
 *   issueSettler's sums); deposits (deposit_order paid, 102-104 from the channel's clearing account,
 *   the 1 % bonus 208 of the default wallet settings, the turnover requirement row) and withdrawals
 *   (withdraw_order with a payout card, 301 into escrow, then 301 paid out or 201 returned). Each
 *   bettor's first deposit covers all its stakes plus 100-1,000 yuan, and withdrawals stay within
 *   that margin, so no player balance is ever below zero. Entry ids follow time, balance-after is the
 *   running sum per account, balances are the sums: `auditLedger` holds.
 *
 * Random choices are hashes of the row number (deterministic: two runs hold the same data).
 */

export interface SeedOptions {
  tenantId: number;
  /** Members below the top agent of tree A. */
  descendants: number;
  /** Settled bets of tree A's members. */
  bets: number;
  /** Beijing days with bets, today included. */
  days: number;
  nowMs: number;
  log: (line: string) => void;
}

export interface SeededTree {
  rootId: number;
  rootName: string;
  members: number;
  agents: number;
  levels: number;
  directCount: number;
}

export interface SeedResult {
  a: SeededTree;
  b: SeededTree;
  /** First Beijing day (days since 1970-01-01) with bets. */
  firstDay: number;
  rows: Record<string, number>;
  /** Bets per Beijing day of the window: the fewest, the most, and today's (so far). */
  betsPerDay: { min: number; max: number; today: number };
  /** Members of tree A registered in the window. */
  newInWindow: number;
  steps: { step: string; ms: number }[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Share of agents among an agent's children, by the parent's level (the top agent is level 0). */
const AGENT_SHARE = [1, 0.8, 0.35, 0.15, 0.03, 0];
const LOTTERIES = ['1401', '1405', '1410'] as const;
const MULTIPLES = [1, 2, 5, 10, 20, 50, 100];
const UNIT_AMOUNTS = [20_000, 2_000]; // 2 yuan per note at unit 1 and 0.1

type Node = { parent: number; level: number; isAgent: boolean; rebate: number; createdAt: number };

/** An agent tree of `size` members below its root, breadth first (the last agents may stay childless). */
function buildTree(size: number, seed: number, rootCreatedAt: number, nowMs: number): Node[] {
  const random = seededRandom(seed);
  const nodes: Node[] = [{ parent: -1, level: 0, isAgent: true, rebate: 85, createdAt: rootCreatedAt }];
  const child = (parentIndex: number): Node => {
    const p = nodes[parentIndex]!;
    const isAgent = random() < (AGENT_SHARE[p.level] ?? 0);
    const drop = isAgent ? 1 + Math.floor(random() * 5) : Math.floor(random() * 11);
    // registered after the parent, more often soon after than late
    const u = random();
    const createdAt = Math.floor(p.createdAt + HOUR_MS + (nowMs - 2 * HOUR_MS - p.createdAt) * u * u * u);
    return {
      parent: parentIndex,
      level: p.level + 1,
      isAgent,
      rebate: Math.max(0, p.rebate - drop),
      createdAt,
    };
  };
  for (let i = 0; i < nodes.length && nodes.length <= size; i++) {
    if (!nodes[i]!.isAgent) continue;
    const k = 5 + Math.floor(random() * 26);
    for (let c = 0; c < k && nodes.length <= size; c++) nodes.push(child(i));
  }
  // a shallow tree (small sizes never are): fill with players under random agents
  const agents = nodes.flatMap((n, i) => (n.isAgent && n.level < 5 ? [i] : []));
  while (nodes.length <= size) {
    const node = child(agents[Math.floor(random() * agents.length)]!);
    nodes.push({ ...node, isAgent: false });
  }
  return nodes;
}

const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;
const numArray = (values: readonly (number | bigint)[]) => `{${values.join(',')}}`;
const boolArray = (values: readonly boolean[]) => `{${values.map((v) => (v ? 't' : 'f')).join(',')}}`;

/**
 * Bulk load the way one restores a dump: the tables' secondary and unique indexes are dropped
 * during `work` and rebuilt from their own definitions after it, and foreign-key triggers are off
 * (session_replication_role = replica; every id written comes from the rows just made, and
 * `checkReferences` proves it after). The end state is the migrated schema, index for index.
 */
export async function bulkLoad(
  client: pg.Client,
  tables: readonly string[],
  work: () => Promise<void>,
): Promise<void> {
  const constraints = (
    await client.query(
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE contype = 'u' AND conrelid = ANY($1::regclass[])`,
      [tables],
    )
  ).rows as { tbl: string; conname: string; def: string }[];
  const indexes = (
    await client.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1)
         AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`,
      [tables],
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const c of constraints) await client.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT ${c.conname}`);
  for (const i of indexes) await client.query(`DROP INDEX ${i.indexname}`);
  await client.query('SET session_replication_role = replica');
  try {
    await work();
  } finally {
    await client.query('SET session_replication_role = DEFAULT');
  }
  for (const i of indexes) await client.query(i.indexdef);
  for (const c of constraints)
    await client.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT ${c.conname} ${c.def}`);
}

/** Every foreign key of the bulk-loaded tables holds (what the triggers switched off would have checked). */
export async function checkReferences(client: pg.Client): Promise<void> {
  const broken = (
    await client.query(`SELECT
      (SELECT count(*) FROM ledger_entry e WHERE NOT EXISTS (SELECT 1 FROM ledger_txn t WHERE t.id = e.txn_id))
      + (SELECT count(*) FROM ledger_entry e WHERE NOT EXISTS (SELECT 1 FROM wallet_account a WHERE a.id = e.account_id))
      + (SELECT count(*) FROM bet_line l WHERE NOT EXISTS (SELECT 1 FROM bet b WHERE b.id = l.bet_id))
      + (SELECT count(*) FROM bet b WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = b.user_id AND u.tenant_id = b.tenant_id))
      AS n`)
  ).rows[0].n;
  if (Number(broken) !== 0) throw new Error(`${broken} rows of the bulk load reference nothing`);
}

/**
 * The ledger audit's invariants (wallet/audit.ts), checked set-based over the whole ledger: every
 * transaction sums to zero, so does every balance; each account's balance is the sum of its entries
 * and its last entry's balance-after; and no player, escrow or savings entry ever left its account
 * below zero. (auditLedger itself finds each account's last entry with a backward primary-key scan
 * filtered by account, which on a ledger of millions of entries reads the table once per account.)
 */
export async function checkLedger(client: pg.Client): Promise<{ transactions: number; entries: number }> {
  const r = (
    await client.query(`SELECT
      (SELECT coalesce(sum(balance_minor), 0) FROM wallet_account)::text AS balance_sum,
      (SELECT count(*) FROM (SELECT 1 FROM ledger_entry GROUP BY txn_id HAVING sum(amount_minor) <> 0) x)::int AS unbalanced,
      (SELECT count(*) FROM wallet_account a
         LEFT JOIN (SELECT account_id, sum(amount_minor) AS total, max(id) AS last_id FROM ledger_entry GROUP BY account_id) s
           ON s.account_id = a.id
         LEFT JOIN ledger_entry l ON l.id = s.last_id
       WHERE a.balance_minor <> coalesce(s.total, 0) OR a.balance_minor <> coalesce(l.balance_after_minor, 0))::int AS drifted,
      (SELECT count(*) FROM ledger_entry e JOIN wallet_account a ON a.id = e.account_id
       WHERE NOT a.may_go_negative AND e.balance_after_minor < 0)::int AS below_zero,
      (SELECT count(*) FROM ledger_txn)::int AS transactions,
      (SELECT count(*) FROM ledger_entry)::int AS entries`)
  ).rows[0];
  if (r.balance_sum !== '0' || r.unbalanced !== 0 || r.drifted !== 0 || r.below_zero !== 0)
    throw new Error(`ledger invariants broken: ${JSON.stringify(r)}`);
  return { transactions: r.transactions, entries: r.entries };
}

export async function seedAgentTeams(client: pg.Client, db: Db, o: SeedOptions): Promise<SeedResult> {
  const steps: { step: string; ms: number }[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const out = await work();
    const ms = performance.now() - started;
    steps.push({ step: name, ms });
    o.log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
    return out;
  };
  const q = (text: string, params: unknown[] = []) => client.query(text, params);
  const T = o.tenantId;
  const today = beijingDayNumber(o.nowMs);
  const firstDay = today - o.days + 1;
  const windowStartMs = beijingMidnightMs(firstDay);
  const betsUntilMs = o.nowMs - 11 * 60_000; // every bet's issue drawn and settled before now

  await q(`CREATE FUNCTION bench_rand(bigint, integer) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
           AS $$ SELECT (hashint8extended($1, $2) & 9007199254740991)::float8 / 9007199254740992.0 $$`);

  // ---- the trees: one INSERT per level, so the triggers find every parent's closure rows ----------
  const sizeB = Math.max(1_000, Math.floor(o.descendants / 5));
  const trees = [
    { tree: 'a', prefix: 'bta_', nodes: buildTree(o.descendants, 13, o.nowMs - 400 * DAY_MS, o.nowMs) },
    { tree: 'b', prefix: 'btb_', nodes: buildTree(sizeB, 29, o.nowMs - 300 * DAY_MS, o.nowMs) },
  ];
  await step('users and agent_tree', async () => {
    await q(`CREATE UNLOGGED TABLE bench_node (g int PRIMARY KEY, tree text, parent_g int, level int, is_agent boolean,
               rebate_tenths int, created_at bigint, user_name text UNIQUE, user_id bigint, account_id bigint)`);
    let offset = 0;
    for (const t of trees) {
      const g = t.nodes.map((_, i) => offset + i);
      await q(
        `INSERT INTO bench_node (g, tree, parent_g, level, is_agent, rebate_tenths, created_at, user_name)
         SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::boolean[], $6::int[], $7::bigint[], $8::text[])`,
        [
          numArray(g),
          textArray(g.map(() => t.tree)),
          `{${t.nodes.map((n) => (n.parent < 0 ? 'NULL' : offset + n.parent)).join(',')}}`,
          numArray(t.nodes.map((n) => n.level)),
          boolArray(t.nodes.map((n) => n.isAgent)),
          numArray(t.nodes.map((n) => n.rebate)),
          numArray(t.nodes.map((n) => n.createdAt)),
          textArray(g.map((_, i) => `${t.prefix}${i}`)),
        ],
      );
      offset += t.nodes.length;
    }
    const levels = Math.max(...trees.flatMap((t) => t.nodes.map((n) => n.level)));
    for (let level = 0; level <= levels; level++) {
      await q(
        `WITH ins AS (
           INSERT INTO users (tenant_id, user_name, password_hash, role, is_agent, parent_id, rebate,
                              rebate_updated_at, password_changed_at, created_at, last_login_at)
           SELECT $1, n.user_name, 'x', CASE WHEN n.is_agent THEN 'agent' ELSE 'player' END, n.is_agent, p.user_id,
                  (n.rebate_tenths / 10.0)::numeric(4, 1), n.created_at, n.created_at, n.created_at, n.created_at
           FROM bench_node n LEFT JOIN bench_node p ON p.g = n.parent_g
           WHERE n.level = $2 ORDER BY n.g
           RETURNING id, user_name)
         UPDATE bench_node n SET user_id = ins.id FROM ins WHERE n.user_name = ins.user_name`,
        [T, level],
      );
    }
    await q(
      `WITH ins AS (
               INSERT INTO wallet_account (tenant_id, kind, user_id, code, may_go_negative, created_at)
               SELECT $1, 'player', n.user_id, 'player:' || n.user_id, false, n.created_at FROM bench_node n ORDER BY n.g
               RETURNING id, user_id)
             UPDATE bench_node n SET account_id = ins.id FROM ins WHERE ins.user_id = n.user_id`,
      [T],
    );
    await q('ANALYZE bench_node');
  });

  // ---- accounts the real code names: house shards, clearing, wallet settings ----------------------
  await ensureWalletDefaults(db, T, false);
  const houses: number[] = [];
  for (let s = 0; s < 16; s++) houses.push(await houseAccount(db, T, s));
  const clearing = {
    bank: await clearingAccount(db, T, 'bank'),
    sandbox: await clearingAccount(db, T, 'sandbox'),
    payout: await clearingAccount(db, T, 'payout'),
  };
  const setting = (
    await q(
      `SELECT bonus_basis_points, bonus_min_deposit_minor::text AS bonus_min, bonus_max_minor::text AS bonus_max,
                    turnover_percent, withdraw_fee_basis_points FROM wallet_setting WHERE tenant_id = $1`,
      [T],
    )
  ).rows[0] as {
    bonus_basis_points: number;
    bonus_min: string;
    bonus_max: string;
    turnover_percent: number;
    withdraw_fee_basis_points: number;
  };
  const house = `('${numArray(houses)}'::bigint[])[1 + (%s % 16)]`; // houseAccount(userId): shard userId % 16
  const houseOf = (userExpr: string) => house.replace('%s', userExpr);

  // ---- issues of the window, drawn; the payout table of the real settle --------------------------
  await step('issues and payouts', async () => {
    const random = seededRandom(41);
    const rows: {
      code: string;
      slot: number;
      issue: string;
      date: string;
      seq: number;
      start: number;
      draw: number;
      numbers: string;
      sum: number;
    }[] = [];
    for (const code of LOTTERIES) {
      const lottery = lotteryByCode(code)!;
      for (let slot = 0, at = windowStartMs; ; slot++) {
        const issue = issueContaining(lottery, at);
        if (issue.startMs > o.nowMs - 60_000) break;
        const dice = [1, 2, 3].map(() => 1 + Math.floor(random() * 6));
        rows.push({
          code,
          slot,
          issue: issue.issue,
          date: issue.businessDate,
          seq: issue.seq,
          start: issue.startMs,
          draw: issue.drawMs,
          numbers: dice.join(','),
          sum: dice[0]! + dice[1]! + dice[2]!,
        });
        at = issue.drawMs;
      }
    }
    await q(`CREATE UNLOGGED TABLE bench_issue (lottery_code text, slot int, issue text, business_date text, seq int,
               start_ms bigint, draw_ms bigint, numbers text, dice_sum int, PRIMARY KEY (lottery_code, slot))`);
    for (let i = 0; i < rows.length; i += 20_000) {
      const part = rows.slice(i, i + 20_000);
      await q(
        `INSERT INTO bench_issue SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[],
           $6::bigint[], $7::bigint[], $8::text[], $9::int[])`,
        [
          textArray(part.map((r) => r.code)),
          numArray(part.map((r) => r.slot)),
          textArray(part.map((r) => r.issue)),
          textArray(part.map((r) => r.date)),
          numArray(part.map((r) => r.seq)),
          numArray(part.map((r) => r.start)),
          numArray(part.map((r) => r.draw)),
          textArray(part.map((r) => r.numbers)),
          numArray(part.map((r) => r.sum)),
        ],
      );
    }
    // every issue of the window was drawn and settled (the scheduler draws each one)
    await q(`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, source, drawn_at, settled_at)
             SELECT lottery_code, issue, business_date, seq, draw_ms, numbers, 'official', draw_ms, draw_ms + 3000
             FROM bench_issue ORDER BY draw_ms`);
    // what an A10 line pays when it wins, per number, prize group and stake (the real linePayout)
    const k3 = lotteryByCode('1401')!;
    const diceFor = (sum: number) => {
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++) if (sum - a - b >= 1 && sum - a - b <= 6) return [a, b, sum - a - b];
      throw new Error(`no dice for ${sum}`);
    };
    const pay: [number, number, number, bigint][] = [];
    const amounts = [...new Set(UNIT_AMOUNTS.flatMap((unit) => MULTIPLES.map((m) => unit * m)))];
    for (let sum = 3; sum <= 18; sum++)
      for (let group = 1700; group <= 1880; group += 2)
        for (const amount of amounts) {
          const bonus = linePayout(
            k3,
            {
              playDetailCode: '1401A10',
              bettingNumber: String(sum),
              bettingCount: 1,
              amountMinor: BigInt(amount),
              prizeGroup: group,
            },
            diceFor(sum).map(String),
          );
          pay.push([sum, group, amount, bonus]);
        }
    await q(
      'CREATE UNLOGGED TABLE bench_payout (dice_sum int, prize_group int, amount bigint, bonus bigint, PRIMARY KEY (dice_sum, prize_group, amount))',
    );
    await q(
      'INSERT INTO bench_payout SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::bigint[])',
      [
        numArray(pay.map((p) => p[0])),
        numArray(pay.map((p) => p[1])),
        numArray(pay.map((p) => p[2])),
        numArray(pay.map((p) => p[3])),
      ],
    );
    await q('ANALYZE bench_issue; ANALYZE bench_payout');
  });

  // ---- bettors and bets ---------------------------------------------------------------------------
  const betsB = Math.max(1, Math.floor(o.bets / 5));
  await step('bets and lines', async () => {
    // 80 % of players and 40 % of agents bet; the first deposit comes 1 minute to 3 hours after registering
    await q(
      `CREATE UNLOGGED TABLE bench_bettor AS
       SELECT x.* FROM (SELECT n.g, n.tree, n.user_id, n.account_id, n.rebate_tenths,
                               n.created_at + 60000 + floor(bench_rand(n.g, 1) * 3 * 3600000)::bigint AS first_dep_at
                        FROM bench_node n
                        WHERE n.level > 0 AND bench_rand(n.g, 3) < CASE WHEN n.is_agent THEN 0.4 ELSE 0.8 END) x
       WHERE x.first_dep_at + 660000 < $1`,
      [betsUntilMs],
    );
    // Each bettor holds 1-8 tickets (most 1-2: a few bet far more than others); a bet's time is uniform
    // over the window (a steady daily volume) and it goes to a ticket drawn among those whose holder
    // had deposited by the start of that hour.
    await q(`CREATE UNLOGGED TABLE bench_ticket AS
             SELECT b.*, row_number() OVER (PARTITION BY b.tree ORDER BY b.first_dep_at, b.g, c)::int AS rank
             FROM bench_bettor b CROSS JOIN LATERAL generate_series(1, 1 + floor(7 * bench_rand(b.g, 2) ^ 3)::int) c`);
    await q(
      'CREATE INDEX ON bench_ticket (tree, rank); CREATE INDEX ON bench_ticket (tree, first_dep_at); ANALYZE bench_ticket',
    );
    await q(
      `CREATE UNLOGGED TABLE bench_active AS
       SELECT t.tree, h, (SELECT max(k.rank) FROM bench_ticket k WHERE k.tree = t.tree
                          AND k.first_dep_at + 660000 <= $1::bigint + h::bigint * 3600000)::int AS n
       FROM (VALUES ('a'), ('b')) t(tree) CROSS JOIN generate_series(0, (($2::bigint - $1::bigint) / 3600000)::int) h`,
      [windowStartMs, betsUntilMs],
    );
    await q('ALTER TABLE bench_active ADD PRIMARY KEY (tree, h)');
    const base = Number((await q(`SELECT nextval(pg_get_serial_sequence('bet', 'id')) AS v`)).rows[0].v);
    await q(
      `CREATE UNLOGGED TABLE bench_bet AS
       WITH k AS (
         SELECT t.tree, s AS k, $3::bigint + floor(($4::bigint - $3::bigint) * bench_rand(s, 22))::bigint AS t0
         FROM (VALUES ('a', 1, $1::int), ('b', $1::int + 1, $1::int + $2::int)) t(tree, lo, hi)
         CROSS JOIN LATERAL generate_series(t.lo, t.hi) s
       ), picked AS (
         SELECT k.k, k.t0, b.user_id, b.account_id, b.rebate_tenths,
                CASE WHEN bench_rand(k.k, 21) < 0.5 THEN '1401' WHEN bench_rand(k.k, 21) < 0.8 THEN '1405' ELSE '1410' END AS lottery_code
         FROM k JOIN bench_active a ON a.tree = k.tree AND a.h = ((k.t0 - $3::bigint) / 3600000)::int
         JOIN bench_ticket b ON b.tree = k.tree AND b.rank = 1 + floor(a.n * bench_rand(k.k, 20))::int
       ), timed AS (
         SELECT p.*, CASE p.lottery_code WHEN '1401' THEN 60000 WHEN '1405' THEN 300000 ELSE 600000 END AS period_ms,
                CASE p.lottery_code WHEN '1401' THEN 5000 WHEN '1405' THEN 30000 ELSE 60000 END AS close_ms
         FROM picked p
       ), placed AS (
         SELECT t.*, 3 + floor(bench_rand(t.k, 24) * 6)::int + floor(bench_rand(t.k, 25) * 6)::int + floor(bench_rand(t.k, 26) * 6)::int AS pick,
                CASE WHEN bench_rand(t.k, 27) < 0.85 THEN '1' ELSE '0.1' END AS unit,
                (ARRAY[1, 1, 1, 2, 2, 5, 5, 10, 10, 20, 50, 100])[1 + floor(bench_rand(t.k, 28) * 12)::int] AS multiplier,
                CASE WHEN bench_rand(t.k, 29) < 0.2 THEN t.rebate_tenths ELSE 0 END AS point_tenths
         FROM timed t
       ), priced AS (
         SELECT p.*, i.issue, i.numbers, i.dice_sum, i.draw_ms,
                i.start_ms + floor((p.period_ms - p.close_ms) * bench_rand(p.k, 23))::bigint AS created_at,
                (CASE p.unit WHEN '1' THEN 20000 ELSE 2000 END) * p.multiplier AS amount,
                1700 + 2 * (p.rebate_tenths - p.point_tenths) AS prize_group
         FROM placed p JOIN bench_issue i ON i.lottery_code = p.lottery_code AND i.slot = ((p.t0 - $3::bigint) / p.period_ms)::int
       )
       SELECT $5::bigint + row_number() OVER (ORDER BY p.created_at, p.k) - 1 AS id, p.k, p.user_id, p.account_id,
              p.rebate_tenths, p.point_tenths, p.lottery_code, p.issue, p.numbers, p.pick, p.unit, p.multiplier,
              p.amount::bigint AS amount, p.prize_group, p.created_at, p.draw_ms + 3000 AS settled_at,
              CASE WHEN p.pick = p.dice_sum THEN w.bonus ELSE 0 END AS bonus
       FROM priced p JOIN bench_payout w ON w.dice_sum = p.pick AND w.prize_group = p.prize_group AND w.amount = p.amount`,
      [o.bets, betsB, windowStartMs, betsUntilMs, base],
    );
    await q(`SELECT setval(pg_get_serial_sequence('bet', 'id'), (SELECT max(id) FROM bench_bet))`);
    await bulkLoad(client, ['bet', 'bet_line'], async () => {
      await q(
        `INSERT INTO bet (id, tenant_id, user_id, record_code, idempotency_key, request_digest, lottery_code, issue, amount_minor,
                        bonus_minor, user_rebate_tenths, point_tenths, state, open_number, created_at, settled_at)
       SELECT id, $1, user_id, 'B' || upper(to_hex(created_at)) || upper(substr(md5(k::text), 1, 8)),
              md5('key' || k), encode(sha256(('basket' || k)::bytea), 'hex'), lottery_code, issue, amount, bonus,
              rebate_tenths, point_tenths, CASE WHEN bonus > 0 THEN 1 ELSE 2 END, numbers, created_at, settled_at
       FROM bench_bet ORDER BY id`,
        [T],
      );
      await q(
        `INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit, multiplier,
                             amount_minor, prize_group, bonus_minor, state)
       SELECT id, 1, lottery_code || 'A10', pick::text, 1, unit, multiplier, amount, prize_group, bonus,
              CASE WHEN bonus > 0 THEN 1 ELSE 0 END
       FROM bench_bet ORDER BY id`,
      );
    });
    await q('ANALYZE bench_bet');
  });

  // ---- money movements staged as transfers: (key, type, related, remark, time, accounts, amounts) --
  await step('transfers staged', async () => {
    await q(`CREATE UNLOGGED TABLE bench_txn (sid bigserial, idempotency_key text, type_code int, related_kind text,
               related_id text, remark text, created_at bigint, accounts bigint[], amounts bigint[])`);
    const name = `CASE lottery_code WHEN '1401' THEN '极速快三' WHEN '1405' THEN '五分快三' ELSE '十分快三' END`;
    // 302: one per bet, player -> its house shard (placer.ts)
    await q(`INSERT INTO bench_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'bet:' || id, 302, 'bet', id::text, ${name} || ' 第' || issue || '期投注', created_at,
                    ARRAY[account_id, ${houseOf('user_id')}], ARRAY[-amount, amount]
             FROM bench_bet`);
    // 205 and 501: per player and issue (issueSettler)
    await q(`INSERT INTO bench_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'settle:' || c.code || ':' || s.lottery_code || ':' || s.issue || ':' || s.user_id, c.code, 'issue',
                    s.lottery_code || ':' || s.issue,
                    s.name || ' 第' || s.issue || CASE c.code WHEN 205 THEN '期派奖' ELSE '期投注返水' END,
                    s.settled_at, ARRAY[${houseOf('s.user_id')}, s.account_id],
                    ARRAY[-(CASE c.code WHEN 205 THEN s.win ELSE s.self END), CASE c.code WHEN 205 THEN s.win ELSE s.self END]
             FROM (SELECT user_id, account_id, lottery_code, issue, ${name} AS name, max(settled_at) AS settled_at,
                          sum(bonus)::bigint AS win, sum(amount * point_tenths / 1000)::bigint AS self
                   FROM bench_bet GROUP BY user_id, account_id, lottery_code, issue) s
             CROSS JOIN (VALUES (205), (501)) c(code)
             WHERE CASE c.code WHEN 205 THEN s.win ELSE s.self END > 0`);
    // 204: per agent and issue, each ancestor earning its rebate above the highest one below it
    await q(`INSERT INTO bench_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'settle:204:' || lottery_code || ':' || issue || ':' || agent_id, 204, 'issue', lottery_code || ':' || issue,
                    ${name} || ' 第' || issue || '期代理返点', max(settled_at),
                    ARRAY[${houseOf('agent_id')}, agent_account], ARRAY[-sum(earned)::bigint, sum(earned)::bigint]
             FROM (SELECT b.lottery_code, b.issue, b.settled_at, a.user_id AS agent_id, a.account_id AS agent_account,
                          b.amount * (a.rebate_tenths - greatest(b.rebate_tenths, coalesce(max(a.rebate_tenths) OVER w, 0))) / 1000 AS earned,
                          a.rebate_tenths > greatest(b.rebate_tenths, coalesce(max(a.rebate_tenths) OVER w, 0)) AS above
                   FROM bench_bet b
                   JOIN agent_tree t ON t.descendant_id = b.user_id AND t.depth > 0
                   JOIN bench_node a ON a.user_id = t.ancestor_id
                   WINDOW w AS (PARTITION BY b.id ORDER BY t.depth ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) x
             WHERE above AND earned > 0
             GROUP BY lottery_code, issue, agent_id, agent_account
             HAVING sum(earned) > 0`);
    // deposits: each bettor's first covers all its stakes plus 100-1,000 yuan; 30 % deposit again later;
    // 10 % of the members who never bet deposit once
    await q(
      `CREATE UNLOGGED TABLE bench_deposit AS
             WITH stakes AS (SELECT user_id, sum(amount)::bigint AS staked FROM bench_bet GROUP BY user_id),
             firsts AS (
               SELECT b.g, b.user_id, b.account_id, b.first_dep_at AS at,
                      ((coalesce(s.staked, 0) + 999999) / 1000000) * 1000000 + (1 + floor(bench_rand(b.g, 4) * 10)::bigint) * 1000000 AS amount,
                      (1 + floor(bench_rand(b.g, 4) * 10)::bigint) * 1000000 AS margin, true AS first
               FROM bench_bettor b LEFT JOIN stakes s ON s.user_id = b.user_id
             ), again AS (
               SELECT f.g, f.user_id, f.account_id, f.at + floor(($1::bigint - f.at) * bench_rand(f.g, 5))::bigint AS at,
                      (1 + floor(bench_rand(f.g, 6) * 20)::bigint) * 1000000 AS amount, 0::bigint AS margin, false AS first
               FROM firsts f WHERE bench_rand(f.g, 7) < 0.3
             ), idle AS (
               SELECT n.g, n.user_id, n.account_id, n.created_at + 60000 + floor(bench_rand(n.g, 1) * 3 * 3600000)::bigint AS at,
                      (1 + floor(bench_rand(n.g, 8) * 10)::bigint) * 1000000 AS amount, 0::bigint AS margin, true AS first
               FROM bench_node n
               WHERE n.level > 0 AND NOT EXISTS (SELECT 1 FROM bench_bettor b WHERE b.g = n.g) AND bench_rand(n.g, 9) < 0.1
             )
             SELECT row_number() OVER (ORDER BY at, g, first DESC) AS seq, d.*,
                    (ARRAY['banktransfer', 'alipay', 'wechat'])[1 + floor(bench_rand(d.g * 2 + (NOT d.first)::int, 10) * 3)::int] AS channel
             FROM (SELECT * FROM firsts UNION ALL SELECT * FROM again UNION ALL SELECT * FROM idle) d
             WHERE d.at < $1`,
      [betsUntilMs],
    );
    await q(
      'ALTER TABLE bench_deposit ADD COLUMN order_no text, ADD COLUMN bonus bigint, ADD COLUMN type_code int',
    );
    await q(
      `UPDATE bench_deposit SET
               order_no = 'D' || to_char(to_timestamp((at + 28800000) / 1000.0) AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS') || lpad((seq % 10000000)::text, 7, '0'),
               bonus = CASE WHEN $1::int > 0 AND amount >= $2::bigint THEN least(amount * $1::int / 10000, $3::bigint) ELSE 0 END,
               type_code = CASE channel WHEN 'banktransfer' THEN 102 WHEN 'alipay' THEN 103 ELSE 104 END`,
      [setting.bonus_basis_points, setting.bonus_min, setting.bonus_max],
    );
    await q(
      `INSERT INTO deposit_order (order_no, tenant_id, user_id, channel, type_code, amount_minor, bonus_minor, status,
               provider_ref, created_at, completed_at)
             SELECT order_no, $1, user_id, channel, type_code, amount, bonus, 'paid',
                    CASE WHEN channel = 'banktransfer' THEN NULL ELSE 'SB' || seq END, at - 60000, at
             FROM bench_deposit ORDER BY at, seq`,
      [T],
    );
    await q(
      `INSERT INTO withdraw_flow_requirement (user_id, source_kind, source_id, deposit_minor, required_minor, created_at)
             SELECT user_id, 'deposit', order_no, amount + bonus, (amount + bonus) * $1::int / 100, at FROM bench_deposit ORDER BY at, seq`,
      [setting.turnover_percent],
    );
    await q(`INSERT INTO bench_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'deposit:' || order_no, type_code, 'deposit', order_no, NULL, at,
                    ARRAY[CASE WHEN channel = 'banktransfer' THEN ${clearing.bank} ELSE ${clearing.sandbox} END, account_id]::bigint[],
                    ARRAY[-amount, amount]
             FROM bench_deposit
             UNION ALL
             SELECT 'deposit-bonus:' || order_no, 208, 'deposit', order_no, NULL, at,
                    ARRAY[${houseOf('user_id')}, account_id], ARRAY[-bonus, bonus]
             FROM bench_deposit WHERE bonus > 0`);
    // withdrawals: 15 % of bettors take out part of their first deposit's margin (so never below zero)
    await q(
      `CREATE UNLOGGED TABLE bench_withdraw AS
             SELECT row_number() OVER (ORDER BY at, g) AS seq, w.* FROM (
               SELECT d.g, d.user_id, d.account_id,
                      d.at + 3600000 + floor(($1::bigint - 2 * 3600000 - d.at - 3600000) * bench_rand(d.g, 11))::bigint AS at,
                      greatest(1000000, floor(d.margin * (0.3 + 0.7 * bench_rand(d.g, 12)) / 1000000)::bigint * 1000000) AS amount,
                      bench_rand(d.g, 13) < 0.9 AS approved,
                      600000 + floor(bench_rand(d.g, 14) * 3000000)::bigint AS review_after
               FROM bench_deposit d JOIN bench_bettor b ON b.g = d.g
               WHERE d.first AND bench_rand(d.g, 15) < 0.15 AND d.at + 3600000 < $1::bigint - 2 * 3600000) w`,
      [o.nowMs],
    );
    await q(`ALTER TABLE bench_withdraw ADD COLUMN order_no text, ADD COLUMN payout_id bigint, ADD COLUMN escrow_id bigint;
             UPDATE bench_withdraw SET order_no = 'W' || to_char(to_timestamp((at + 28800000) / 1000.0) AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS')
                                                  || lpad((seq % 10000000)::text, 7, '0')`);
    await q(
      `WITH ins AS (
               INSERT INTO payout_account (tenant_id, user_id, kind, bank_code, bank_name, account_no, real_name, branch, created_at, updated_at)
               SELECT $1, user_id, 'bank', 'ICBC', '中国工商银行', '6222' || lpad(user_id::text, 15, '0'), '测试' || g, '北京分行', at - 600000, at - 600000
               FROM bench_withdraw ORDER BY at RETURNING id, user_id)
             UPDATE bench_withdraw w SET payout_id = ins.id FROM ins WHERE ins.user_id = w.user_id`,
      [T],
    );
    await q(
      `WITH ins AS (
               INSERT INTO wallet_account (tenant_id, kind, user_id, code, may_go_negative, created_at)
               SELECT $1, 'escrow', user_id, 'escrow:withdraw:' || user_id, false, at FROM bench_withdraw ORDER BY at
               RETURNING id, user_id)
             UPDATE bench_withdraw w SET escrow_id = ins.id FROM ins WHERE ins.user_id = w.user_id`,
      [T],
    );
    const fee = `(amount * ${Number(setting.withdraw_fee_basis_points)} / 10000)`;
    await q(
      `INSERT INTO withdraw_order (order_no, tenant_id, user_id, payout_account_id, payout_snapshot, amount_minor, fee_minor,
               status, remark, created_at, reviewed_at)
             SELECT order_no, $1, user_id, payout_id,
                    jsonb_build_object('kind', 'bank', 'bankName', '中国工商银行', 'accountNo', '6222' || lpad(user_id::text, 15, '0'),
                                       'realName', '测试' || g, 'protocol', NULL),
                    amount, ${fee}, CASE WHEN approved THEN 'approved' ELSE 'rejected' END,
                    CASE WHEN approved THEN '' ELSE '信息不符' END, at, at + review_after
             FROM bench_withdraw ORDER BY at`,
      [T],
    );
    await q(`INSERT INTO bench_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'withdraw:' || order_no, 301, 'withdraw', order_no, NULL, at, ARRAY[account_id, escrow_id], ARRAY[-amount, amount]
             FROM bench_withdraw
             UNION ALL
             SELECT 'withdraw-paid:' || order_no, 301, 'withdraw', order_no, NULL, at + review_after,
                    CASE WHEN ${fee} > 0 THEN ARRAY[escrow_id, ${clearing.payout}, ${houseOf('user_id')}] ELSE ARRAY[escrow_id, ${clearing.payout}] END,
                    CASE WHEN ${fee} > 0 THEN ARRAY[-amount, amount - ${fee}, ${fee}] ELSE ARRAY[-amount, amount] END
             FROM bench_withdraw WHERE approved
             UNION ALL
             SELECT 'withdraw-return:' || order_no, 201, 'withdraw', order_no, '信息不符', at + review_after,
                    ARRAY[escrow_id, account_id], ARRAY[-amount, amount]
             FROM bench_withdraw WHERE NOT approved`);
  });

  // ---- the ledger: ids in time order, balance-after running per account, balances the sums ------
  await step('ledger written', async () => {
    const base = Number(
      (await q(`SELECT nextval(pg_get_serial_sequence('ledger_txn', 'id')) AS v`)).rows[0].v,
    );
    await q(
      `CREATE UNLOGGED TABLE bench_txn_id AS
             SELECT $1::bigint + row_number() OVER (ORDER BY created_at, sid) - 1 AS id, t.* FROM bench_txn t`,
      [base],
    );
    await q(`SELECT setval(pg_get_serial_sequence('ledger_txn', 'id'), (SELECT max(id) FROM bench_txn_id))`);
    await bulkLoad(client, ['ledger_txn', 'ledger_entry'], async () => {
      await q(`INSERT INTO ledger_txn (id, idempotency_key, type_code, related_kind, related_id, remark, created_at)
             SELECT id, idempotency_key, type_code, related_kind, related_id, remark, created_at FROM bench_txn_id ORDER BY id`);
      await q(`INSERT INTO ledger_entry (txn_id, account_id, amount_minor, balance_after_minor, type_code, created_at)
             SELECT l.id, l.account_id, l.amount,
                    a.balance_minor + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.id ROWS UNBOUNDED PRECEDING),
                    l.type_code, l.created_at
             FROM (SELECT t.id, t.type_code, t.created_at, x.account_id, x.amount
                   FROM bench_txn_id t CROSS JOIN LATERAL unnest(t.accounts, t.amounts) AS x(account_id, amount)) l
             JOIN wallet_account a ON a.id = l.account_id
             ORDER BY l.id, l.account_id`);
    });
    await checkReferences(client);
    await q(`UPDATE wallet_account a SET balance_minor = a.balance_minor + s.total
             FROM (SELECT x.account_id, sum(x.amount)::bigint AS total
                   FROM bench_txn t CROSS JOIN LATERAL unnest(t.accounts, t.amounts) AS x(account_id, amount)
                   GROUP BY x.account_id) s
             WHERE a.id = s.account_id`);
  });

  const rows: Record<string, number> = {};
  const perDay = (
    await q(
      `SELECT min(n)::int AS min, max(n)::int AS max, (array_agg(n ORDER BY d DESC))[1]::int AS today
       FROM (SELECT (created_at + 28800000) / 86400000 AS d, count(*) AS n FROM bench_bet GROUP BY 1) x`,
    )
  ).rows[0] as { min: number; max: number; today: number };
  const fresh = (
    await q(
      `SELECT count(*) FILTER (WHERE created_at >= $1)::int AS n FROM bench_node WHERE tree = 'a' AND level > 0`,
      [windowStartMs],
    )
  ).rows[0].n as number;
  // as autovacuum would have by now: statistics, and all-visible pages for index-only scans
  await step('vacuum analyze', async () => {
    for (const table of [
      'users',
      'agent_tree',
      'wallet_account',
      'bet',
      'bet_line',
      'ledger_txn',
      'ledger_entry',
      'deposit_order',
      'withdraw_order',
      'draw_issue',
    ]) {
      await q(`VACUUM (ANALYZE) ${table}`);
      rows[table] = Number(
        (await q(`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = '${table}'::regclass`)).rows[0].n,
      );
    }
    const typeRows = await q(
      `SELECT type_code, count(*)::int AS n FROM bench_txn GROUP BY type_code ORDER BY type_code`,
    );
    for (const r of typeRows.rows as { type_code: number; n: number }[]) rows[`txn ${r.type_code}`] = r.n;
    const exact = await q(
      `SELECT (SELECT count(*) FROM bet)::int AS bets, (SELECT count(*) FROM users)::int AS users`,
    );
    rows.bet = exact.rows[0].bets;
    rows.users = exact.rows[0].users;
  });
  for (const t of [
    'bench_txn_id',
    'bench_txn',
    'bench_withdraw',
    'bench_deposit',
    'bench_bet',
    'bench_active',
    'bench_ticket',
    'bench_bettor',
    'bench_payout',
    'bench_issue',
  ])
    await q(`DROP TABLE ${t}`);

  const treeOf = async (tree: 'a' | 'b', nodes: Node[]): Promise<SeededTree> => {
    const root = (
      await q(`SELECT user_id::int AS id, user_name FROM bench_node WHERE tree = $1 AND level = 0`, [tree])
    ).rows[0];
    return {
      rootId: root.id,
      rootName: root.user_name,
      members: nodes.length - 1,
      agents: nodes.filter((n, i) => i > 0 && n.isAgent).length,
      levels: Math.max(...nodes.map((n) => n.level)),
      directCount: nodes.filter((n) => n.parent === 0).length,
    };
  };
  const a = await treeOf('a', trees[0]!.nodes);
  const b = await treeOf('b', trees[1]!.nodes);
  await q('DROP TABLE bench_node');
  await q('DROP FUNCTION bench_rand(bigint, integer)');
  return { a, b, firstDay, rows, betsPerDay: perDay, newInWindow: fresh, steps };
}
