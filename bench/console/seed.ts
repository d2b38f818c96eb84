import { lotteryByCode } from '@lottery/rules/lotteries';
import { seededRandom } from '@lottery/rules/rtp';
import { issueContaining } from '@lottery/rules/schedule';
import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/client';
import { GENESIS, rowHash } from '../../apps/server/src/modules/audit/index';
import { linePayout } from '../../apps/server/src/modules/betting/index';
import { ensureWalletDefaults } from '../../apps/server/src/modules/payment/index';
import { clearingAccount, HOUSE_SHARDS, houseAccount } from '../../apps/server/src/modules/wallet/index';
import { bulkLoad, checkLedger, checkReferences } from '../agent/seed';

/**
 * The console lists bench's data (issue 40 "Aims"), made set-based (INSERT … SELECT over
 * generate_series and a few staging tables) through the real tables, as play and the desks leave
 * them, in one tenant:
 *
 * - `players` players (`lp000001` …), registered over 400 days, with registration and last-login
 *   IPs from a pool of 30,000 (a few players per IP), 1-3 sessions each for most, a bound phone for
 *   60 % and an e-mail for 25 %, each with its wallet account (`player:<userId>`).
 * - 42 % of players deposit (the first deposit covers all their stakes plus 100-1,000 yuan, so no
 *   balance ever goes below zero), 12 % of those again; pending, rejected and expired orders on top
 *   (≈50,000 orders); turnover requirements as completeDeposit writes them; the 1 % bonus (208).
 * - `bets` K3 和值 bets (1405, 1410) over the last 180 days, every issue drawn, placed by 80 % of
 *   the depositors, skewed (20 regulars place 1,000-7,000 each); 302 per bet (`bet:<id>`), 205 and 501
 *   per player and issue (`settle:…`, issueSettler's sums), lines priced and paid by `linePayout`.
 * - ≈20,000 withdrawals within each player's margin: escrow (301), paid out (301 with the fee) or
 *   returned (201), the rest pending (the desk's queue).
 * - Daily sign-in rewards (215, activity_sign, turnover requirement) for half the depositors.
 * - `auditRows` audit rows of twelve staff members over 180 days (sign-ins, deposit and withdrawal
 *   decisions, player actions, adjustments, CLI commands), hash-chained by the audit module's own
 *   `rowHash`, so `npm run admin -- audit-verify` holds.
 *
 * Ledger entry ids follow time, balance-after runs per account, balances are the sums: the agent
 * bench's `checkLedger` (every transaction and balance sums to zero, no player below zero) is run
 * at the end. Random choices are hashes of row numbers, so two seeds hold the same shape.
 */

export interface ConsoleSeedOptions {
  tenantId: number;
  players: number;
  bets: number;
  auditRows: number;
  nowMs: number;
  log: (line: string) => void;
}

export interface ConsoleSeedResult {
  rows: Record<string, number>;
  steps: { step: string; ms: number }[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * HOUR_MS;
const WINDOW_DAYS = 180;
const LOTTERIES = ['1405', '1410'] as const;
const MULTIPLES = [1, 2, 5, 10, 20, 50, 100];
const UNIT_AMOUNTS = [20_000, 2_000]; // 2 yuan per note at unit 1 and 0.1
const PRIZE_GROUPS = { min: 1700, max: 1800 }; // 1700 + 2 × (rebate − point), rebates 0-5 %

const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;
const numArray = (values: readonly (number | bigint)[]) => `{${values.join(',')}}`;

export async function seedConsoleLists(
  client: pg.Client,
  db: Db,
  o: ConsoleSeedOptions,
): Promise<ConsoleSeedResult> {
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
  const now = o.nowMs;
  const windowStartMs = now - WINDOW_DAYS * DAY_MS;
  const betsUntilMs = now - 15 * 60_000; // every bet's issue drawn and settled before now

  await q('SET work_mem = $$256MB$$; SET maintenance_work_mem = $$256MB$$; SET synchronous_commit = off');
  await q(`CREATE FUNCTION cb_rand(bigint, integer) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
           AS $$ SELECT (hashint8extended($1, $2) & 9007199254740991)::float8 / 9007199254740992.0 $$`);
  // an IPv4 of the pool of 30,000 (a few players register on each)
  await q(`CREATE FUNCTION cb_ip(bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
           AS $$ SELECT '10.' || ($1 >> 16) || '.' || (($1 >> 8) & 255) || '.' || ($1 & 255) $$`);

  // ---- accounts the real code names: house shards, clearing, wallet settings ----------------------
  await ensureWalletDefaults(db, T, false);
  const houses: number[] = [];
  for (let s = 0; s < HOUSE_SHARDS; s++) houses.push(await houseAccount(db, T, s));
  const clearing = {
    bank: await clearingAccount(db, T, 'bank'),
    sandbox: await clearingAccount(db, T, 'sandbox'),
    payout: await clearingAccount(db, T, 'payout'),
  };
  const houseOf = (userExpr: string) => `('${numArray(houses)}'::bigint[])[1 + (${userExpr} % 16)]`;
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

  // ---- players ------------------------------------------------------------------------------------
  await step('players, sessions, contacts, wallets', async () => {
    // registered 2-400 days ago; 42 % deposit 1 minute to 3 hours after registering, 80 % of them bet
    await q(
      `CREATE UNLOGGED TABLE cb_player AS
       SELECT g, 'lp' || lpad(g::text, 6, '0') AS user_name,
              $2::bigint - 2 * 86400000 - floor(cb_rand(g, 1) * 398 * 86400000)::bigint AS created_at,
              floor(cb_rand(g, 2) * 51)::int AS rebate_tenths,
              cb_rand(g, 3) < 0.42 AS depositor,
              floor(cb_rand(g, 5) * 30000)::bigint AS ip_k
       FROM generate_series(1, $1::int) g`,
      [o.players, now],
    );
    await q(`ALTER TABLE cb_player ADD COLUMN first_dep_at bigint, ADD COLUMN bettor boolean,
               ADD COLUMN user_id bigint, ADD COLUMN account_id bigint`);
    await q(`UPDATE cb_player SET first_dep_at = CASE WHEN depositor THEN created_at + 60000 + floor(cb_rand(g, 4) * 3 * 3600000)::bigint END,
               bettor = depositor AND cb_rand(g, 6) < 0.8`);
    // the agent_tree trigger gives each its own closure row, as registration does
    await q(
      `INSERT INTO users (tenant_id, user_name, password_hash, nick_name, grade, role, rebate, rebate_updated_at, status,
                          password_changed_at, register_ip, last_login_at, last_login_ip, created_at)
       SELECT $1, user_name, 'x', '玩家' || g, 1 + floor(cb_rand(g, 7) ^ 2 * 10)::int, 'player',
              (rebate_tenths / 10.0)::numeric(4, 1), created_at,
              CASE WHEN cb_rand(g, 8) < 0.97 THEN 'active' WHEN cb_rand(g, 8) < 0.99 THEN 'disabled' ELSE 'frozen' END,
              created_at, cb_ip(ip_k), CASE WHEN cb_rand(g, 9) < 0.85 THEN $2::bigint - floor(cb_rand(g, 10) * (($2::bigint - created_at)))::bigint END,
              CASE WHEN cb_rand(g, 9) < 0.85 THEN CASE WHEN cb_rand(g, 11) < 0.7 THEN cb_ip(ip_k)
                   ELSE cb_ip(floor(cb_rand(g, 12) * 30000)::bigint) END END,
              created_at
       FROM cb_player ORDER BY created_at, g`,
      [T, now],
    );
    await q(
      `UPDATE cb_player p SET user_id = u.id FROM users u WHERE u.tenant_id = $1 AND u.user_name = p.user_name`,
      [T],
    );
    await q(
      `WITH ins AS (
         INSERT INTO wallet_account (tenant_id, kind, user_id, code, may_go_negative, created_at)
         SELECT $1, 'player', user_id, 'player:' || user_id, false, created_at FROM cb_player ORDER BY user_id
         RETURNING id, user_id)
       UPDATE cb_player p SET account_id = ins.id FROM ins WHERE ins.user_id = p.user_id`,
      [T],
    );
    await q(
      'CREATE UNIQUE INDEX ON cb_player (g); CREATE UNIQUE INDEX ON cb_player (user_id); ANALYZE cb_player',
    );
    await q(
      `INSERT INTO user_security (user_id, real_name, phone, phone_verified_at, email, email_verified_at)
       SELECT user_id, CASE WHEN depositor THEN '测试' || g END,
              CASE WHEN cb_rand(g, 13) < 0.6 THEN '139' || lpad(g::text, 8, '0') END,
              CASE WHEN cb_rand(g, 13) < 0.6 THEN created_at + 600000 END,
              CASE WHEN cb_rand(g, 14) < 0.25 THEN 'lp' || g || '@example.com' END,
              CASE WHEN cb_rand(g, 14) < 0.25 THEN created_at + 900000 END
       FROM cb_player WHERE cb_rand(g, 13) < 0.6 OR cb_rand(g, 14) < 0.25 OR depositor ORDER BY user_id`,
    );
    // sign-ins: the registration's session, then 0-2 more for 85 % of players
    await q(
      `INSERT INTO sessions (tenant_id, user_id, token_hash, created_at, last_seen_at, expires_at, revoked_at,
                             revoke_reason, ip, user_agent)
       SELECT $1, p.user_id, md5('cb-session:' || p.g || ':' || s), t.at, t.at + 1800000, t.at + 7 * 86400000,
              CASE WHEN t.at >= $2::bigint - 7 * 86400000 AND cb_rand(p.g, 20 + s) < 0.3 THEN t.at + 3600000 END,
              CASE WHEN t.at >= $2::bigint - 7 * 86400000 AND cb_rand(p.g, 20 + s) < 0.3 THEN 'logout' END,
              CASE WHEN s = 0 THEN cb_ip(p.ip_k) WHEN cb_rand(p.g * 4 + s, 24) < 0.7 THEN cb_ip(p.ip_k)
                   ELSE cb_ip(floor(cb_rand(p.g * 4 + s, 25) * 30000)::bigint) END,
              (ARRAY['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
                     'Mozilla/5.0 (Linux; Android 14; V2219A) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
                     'Mozilla/5.0 (Linux; Android 13; 22081212C) AppleWebKit/537.36 Chrome/122.0 Mobile Safari/537.36'])[1 + (p.g % 3)]
       FROM cb_player p
       CROSS JOIN LATERAL generate_series(0, CASE WHEN cb_rand(p.g, 9) < 0.85 THEN floor(cb_rand(p.g, 15) * 3)::int ELSE 0 END) s
       CROSS JOIN LATERAL (SELECT CASE WHEN s = 0 THEN p.created_at
                                  ELSE p.created_at + floor(cb_rand(p.g * 4 + s, 26) * ($2::bigint - p.created_at))::bigint END AS at) t
       ORDER BY t.at`,
      [T, now],
    );
  });

  // ---- issues of the window, drawn; the payout table of the real settle --------------------------
  await step('issues and payouts', async () => {
    const random = seededRandom(71);
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
        if (issue.startMs > now - 60_000) break;
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
    await q(`CREATE UNLOGGED TABLE cb_issue (lottery_code text, slot int, issue text, business_date text, seq int,
               start_ms bigint, draw_ms bigint, numbers text, dice_sum int, PRIMARY KEY (lottery_code, slot))`);
    for (let i = 0; i < rows.length; i += 20_000) {
      const part = rows.slice(i, i + 20_000);
      await q(
        `INSERT INTO cb_issue SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[],
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
    await q(`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, source, drawn_at, settled_at)
             SELECT lottery_code, issue, business_date, seq, draw_ms, numbers, 'official', draw_ms, draw_ms + 3000
             FROM cb_issue ORDER BY draw_ms
             ON CONFLICT (lottery_code, issue) DO NOTHING`);
    // what an A10 (和值) line pays when it wins, per number, prize group and stake (the real linePayout)
    const k3 = lotteryByCode('1405')!;
    const diceFor = (sum: number) => {
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++) if (sum - a - b >= 1 && sum - a - b <= 6) return [a, b, sum - a - b];
      throw new Error(`no dice for ${sum}`);
    };
    const pay: [number, number, number, bigint][] = [];
    const amounts = [...new Set(UNIT_AMOUNTS.flatMap((unit) => MULTIPLES.map((m) => unit * m)))];
    for (let sum = 3; sum <= 18; sum++)
      for (let group = PRIZE_GROUPS.min; group <= PRIZE_GROUPS.max; group += 2)
        for (const amount of amounts) {
          const bonus = linePayout(
            k3,
            {
              playDetailCode: '1405A10',
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
      'CREATE UNLOGGED TABLE cb_payout (dice_sum int, prize_group int, amount bigint, bonus bigint, PRIMARY KEY (dice_sum, prize_group, amount))',
    );
    await q('INSERT INTO cb_payout SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::bigint[])', [
      numArray(pay.map((p) => p[0])),
      numArray(pay.map((p) => p[1])),
      numArray(pay.map((p) => p[2])),
      numArray(pay.map((p) => p[3])),
    ]);
    await q('ANALYZE cb_issue; ANALYZE cb_payout');
  });

  // ---- bets ---------------------------------------------------------------------------------------
  await step('bets and lines', async () => {
    // bettors ranked at random; bet k goes to rank ⌊n·u³⌋, so a few players place thousands of bets,
    // and one bet in ten to one of the 20 first ranks (regulars: 1,000+ bets each)
    await q(
      `CREATE UNLOGGED TABLE cb_bettor AS
             SELECT (row_number() OVER (ORDER BY cb_rand(g, 30), g) - 1)::int AS rank, g, user_id, account_id,
                    rebate_tenths, greatest(first_dep_at + 1260000, $1::bigint + 1260000) AS from_ms
             FROM cb_player WHERE bettor AND first_dep_at + 1260000 < $2::bigint`,
      [windowStartMs, betsUntilMs],
    );
    await q('ALTER TABLE cb_bettor ADD PRIMARY KEY (rank); ANALYZE cb_bettor');
    const base = Number((await q(`SELECT nextval(pg_get_serial_sequence('bet', 'id')) AS v`)).rows[0].v);
    await q(
      `CREATE UNLOGGED TABLE cb_bet AS
       WITH n AS (SELECT count(*)::int AS n FROM cb_bettor),
       picked AS (
         SELECT k, b.user_id, b.account_id, b.rebate_tenths,
                b.from_ms + floor(($2::bigint - b.from_ms) * cb_rand(k, 22))::bigint AS t0,
                CASE WHEN cb_rand(k, 21) < 0.6 THEN '1405' ELSE '1410' END AS lottery_code
         FROM generate_series(1, $1::int) k CROSS JOIN n
         JOIN cb_bettor b ON b.rank = CASE WHEN cb_rand(k, 19) < 0.1 THEN floor(20 * cb_rand(k, 20))::int
                                          ELSE floor(n.n * cb_rand(k, 20) ^ 3)::int END
       ), timed AS (
         SELECT p.*, CASE p.lottery_code WHEN '1405' THEN 300000 ELSE 600000 END AS period_ms,
                CASE p.lottery_code WHEN '1405' THEN 30000 ELSE 60000 END AS close_ms
         FROM picked p
       ), placed AS (
         SELECT t.*, 3 + floor(cb_rand(t.k, 24) * 6)::int + floor(cb_rand(t.k, 25) * 6)::int + floor(cb_rand(t.k, 26) * 6)::int AS pick,
                CASE WHEN cb_rand(t.k, 27) < 0.85 THEN '1' ELSE '0.1' END AS unit,
                (ARRAY[1, 1, 1, 2, 2, 5, 5, 10, 10, 20, 50, 100])[1 + floor(cb_rand(t.k, 28) * 12)::int] AS multiplier,
                CASE WHEN cb_rand(t.k, 29) < 0.2 THEN t.rebate_tenths ELSE 0 END AS point_tenths
         FROM timed t
       ), priced AS (
         SELECT p.*, i.issue, i.numbers, i.dice_sum, i.draw_ms,
                i.start_ms + floor((p.period_ms - p.close_ms) * cb_rand(p.k, 23))::bigint AS created_at,
                (CASE p.unit WHEN '1' THEN 20000 ELSE 2000 END) * p.multiplier AS amount,
                1700 + 2 * (p.rebate_tenths - p.point_tenths) AS prize_group
         FROM placed p JOIN cb_issue i ON i.lottery_code = p.lottery_code AND i.slot = ((p.t0 - $3::bigint) / p.period_ms)::int
       )
       SELECT $4::bigint + row_number() OVER (ORDER BY p.created_at, p.k) - 1 AS id, p.k, p.user_id, p.account_id,
              p.rebate_tenths, p.point_tenths, p.lottery_code, p.issue, p.numbers, p.pick, p.unit, p.multiplier,
              p.amount::bigint AS amount, p.prize_group, p.created_at, p.draw_ms + 3000 AS settled_at,
              CASE WHEN p.pick = p.dice_sum THEN w.bonus ELSE 0 END AS bonus
       FROM priced p JOIN cb_payout w ON w.dice_sum = p.pick AND w.prize_group = p.prize_group AND w.amount = p.amount`,
      [o.bets, betsUntilMs, windowStartMs, base],
    );
    await q(`SELECT setval(pg_get_serial_sequence('bet', 'id'), (SELECT max(id) FROM cb_bet))`);
    await bulkLoad(client, ['bet', 'bet_line'], async () => {
      await q(
        `INSERT INTO bet (id, tenant_id, user_id, record_code, idempotency_key, request_digest, lottery_code, issue, amount_minor,
                          bonus_minor, user_rebate_tenths, point_tenths, state, open_number, created_at, settled_at)
         SELECT id, $1, user_id, 'B' || upper(to_hex(created_at)) || upper(substr(md5('cb' || k), 1, 8)),
                md5('cb-key' || k), encode(sha256(('cb-basket' || k)::bytea), 'hex'), lottery_code, issue, amount, bonus,
                rebate_tenths, point_tenths, CASE WHEN bonus > 0 THEN 1 ELSE 2 END, numbers, created_at, settled_at
         FROM cb_bet ORDER BY id`,
        [T],
      );
      await q(
        `INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit, multiplier,
                               amount_minor, prize_group, bonus_minor, state)
         SELECT id, 1, lottery_code || 'A10', pick::text, 1, unit, multiplier, amount, prize_group, bonus,
                CASE WHEN bonus > 0 THEN 1 ELSE 0 END
         FROM cb_bet ORDER BY id`,
      );
    });
    await q('ANALYZE cb_bet');
  });

  // ---- money movements staged as transfers: (key, type, related, remark, time, accounts, amounts) --
  await step('deposits, withdrawals, sign-ins staged', async () => {
    await q(`CREATE UNLOGGED TABLE cb_txn (sid bigserial, idempotency_key text, type_code int, related_kind text,
               related_id text, remark text, created_at bigint, accounts bigint[], amounts bigint[])`);
    const name = `CASE lottery_code WHEN '1405' THEN '五分快三' ELSE '十分快三' END`;
    await q(`INSERT INTO cb_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'bet:' || id, 302, 'bet', id::text, ${name} || ' 第' || issue || '期投注', created_at,
                    ARRAY[account_id, ${houseOf('user_id')}], ARRAY[-amount, amount]
             FROM cb_bet`);
    await q(`INSERT INTO cb_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'settle:' || c.code || ':' || s.lottery_code || ':' || s.issue || ':' || s.user_id, c.code, 'issue',
                    s.lottery_code || ':' || s.issue,
                    s.name || ' 第' || s.issue || CASE c.code WHEN 205 THEN '期派奖' ELSE '期投注返水' END,
                    s.settled_at, ARRAY[${houseOf('s.user_id')}, s.account_id],
                    ARRAY[-(CASE c.code WHEN 205 THEN s.win ELSE s.self END), CASE c.code WHEN 205 THEN s.win ELSE s.self END]
             FROM (SELECT user_id, account_id, lottery_code, issue, ${name} AS name, max(settled_at) AS settled_at,
                          sum(bonus)::bigint AS win, sum(amount * point_tenths / 1000)::bigint AS self
                   FROM cb_bet GROUP BY user_id, account_id, lottery_code, issue) s
             CROSS JOIN (VALUES (205), (501)) c(code)
             WHERE CASE c.code WHEN 205 THEN s.win ELSE s.self END > 0`);

    // deposits: each depositor's first covers its stakes plus 100-1,000 yuan; 12 % deposit again;
    // pending (hand-confirmed channels, the last 3 days), rejected and expired orders on top
    await q(
      `CREATE UNLOGGED TABLE cb_deposit AS
       WITH stakes AS (SELECT user_id, sum(amount)::bigint AS staked FROM cb_bet GROUP BY user_id),
       firsts AS (
         SELECT p.g, p.user_id, p.account_id, p.first_dep_at AS at,
                ((coalesce(s.staked, 0) + 9999) / 10000) * 10000 + (1 + floor(cb_rand(p.g, 40) * 10)::bigint) * 1000000 AS amount,
                (1 + floor(cb_rand(p.g, 40) * 10)::bigint) * 1000000 AS margin, 'paid' AS status, 0 AS kind
         FROM cb_player p LEFT JOIN stakes s ON s.user_id = p.user_id WHERE p.depositor
       ), again AS (
         SELECT f.g, f.user_id, f.account_id, f.at + floor(($1::bigint - 3600000 - f.at) * cb_rand(f.g, 41))::bigint AS at,
                (1 + floor(cb_rand(f.g, 42) * 20)::bigint) * 1000000 AS amount, 0::bigint AS margin, 'paid' AS status, 1 AS kind
         FROM firsts f WHERE cb_rand(f.g, 43) < 0.12
       ), other AS (
         SELECT f.g, f.user_id, f.account_id,
                CASE WHEN x.status = 'pending' THEN greatest(f.at + 60000, $1::bigint - floor(cb_rand(f.g * 3 + x.kind, 45) * 3 * 86400000)::bigint)
                     ELSE f.at + floor(($1::bigint - 3600000 - f.at) * cb_rand(f.g * 3 + x.kind, 45))::bigint END AS at,
                (1 + floor(cb_rand(f.g * 3 + x.kind, 46) * 50)::bigint) * 1000000 AS amount, 0::bigint AS margin, x.status, x.kind
         FROM firsts f
         JOIN (VALUES ('pending', 2, 0.036), ('rejected', 3, 0.024), ('expired', 4, 0.015)) x(status, kind, share)
           ON cb_rand(f.g * 3 + x.kind, 44) < x.share
       )
       SELECT row_number() OVER (ORDER BY at, g, kind) AS seq, d.*,
              CASE WHEN d.status = 'pending' THEN (ARRAY['banktransfer', 'digitalcurrencypay'])[1 + floor(cb_rand(d.g * 5 + d.kind, 47) * 2)::int]
                   ELSE (ARRAY['banktransfer', 'banktransfer', 'alipay', 'alipay', 'wechat', 'wechat', 'digitalcurrencypay'])[1 + floor(cb_rand(d.g * 5 + d.kind, 47) * 7)::int]
              END AS channel
       FROM (SELECT * FROM firsts UNION ALL SELECT * FROM again UNION ALL SELECT * FROM other) d
       WHERE d.at < $1::bigint`,
      [now],
    );
    await q(
      'ALTER TABLE cb_deposit ADD COLUMN order_no text, ADD COLUMN bonus bigint, ADD COLUMN type_code int',
    );
    await q(
      `UPDATE cb_deposit SET
         order_no = 'D' || to_char(to_timestamp((at + 28800000) / 1000.0) AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS') || lpad((seq % 10000000)::text, 7, '0'),
         bonus = CASE WHEN status = 'paid' AND $1::int > 0 AND amount >= $2::bigint THEN least(amount * $1::int / 10000, $3::bigint) ELSE 0 END,
         type_code = CASE channel WHEN 'banktransfer' THEN 102 WHEN 'alipay' THEN 103 WHEN 'wechat' THEN 104 ELSE 111 END`,
      [setting.bonus_basis_points, setting.bonus_min, setting.bonus_max],
    );
    await q(
      `INSERT INTO deposit_order (order_no, tenant_id, user_id, channel, type_code, amount_minor, bonus_minor, status,
                                  depositor_name, provider_ref, remark, created_at, completed_at)
       SELECT order_no, $1, user_id, channel, type_code, amount, bonus, status,
              CASE WHEN channel = 'banktransfer' THEN '测试' || g END,
              CASE WHEN status = 'paid' AND channel <> 'banktransfer' THEN 'SB' || seq END,
              CASE status WHEN 'rejected' THEN '未收到款项' END,
              at - 60000, CASE WHEN status IN ('paid', 'rejected') THEN at END
       FROM cb_deposit ORDER BY at, seq`,
      [T],
    );
    await q(
      `INSERT INTO withdraw_flow_requirement (user_id, source_kind, source_id, deposit_minor, required_minor, created_at)
       SELECT user_id, 'deposit', order_no, amount + bonus, (amount + bonus) * $1::int / 100, at
       FROM cb_deposit WHERE status = 'paid' ORDER BY at, seq`,
      [setting.turnover_percent],
    );
    await q(`INSERT INTO cb_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'deposit:' || order_no, type_code, 'deposit', order_no, NULL, at,
                    ARRAY[CASE WHEN channel = 'banktransfer' THEN ${clearing.bank} ELSE ${clearing.sandbox} END, account_id]::bigint[],
                    ARRAY[-amount, amount]
             FROM cb_deposit WHERE status = 'paid'
             UNION ALL
             SELECT 'deposit-bonus:' || order_no, 208, 'deposit', order_no, NULL, at,
                    ARRAY[${houseOf('user_id')}, account_id], ARRAY[-bonus, bonus]
             FROM cb_deposit WHERE bonus > 0`);

    // withdrawals: 47 % of depositors take out 30-100 % of their first deposit's margin (so never
    // below zero); 85 % paid, 7 % returned, the rest still pending (made in the last 3 days)
    await q(
      `CREATE UNLOGGED TABLE cb_withdraw AS
       SELECT row_number() OVER (ORDER BY at, g) AS seq, w.* FROM (
         SELECT d.g, d.user_id, d.account_id, x.state,
                CASE WHEN x.state = 'pending' THEN greatest(d.at + 3600000, $1::bigint - floor(cb_rand(d.g, 51) * 3 * 86400000)::bigint)
                     ELSE d.at + 3600000 + floor(($1::bigint - 4 * 3600000 - d.at) * cb_rand(d.g, 51))::bigint END AS at,
                greatest(1000000, floor(d.margin * (0.3 + 0.7 * cb_rand(d.g, 52)) / 10000)::bigint * 10000) AS amount,
                600000 + floor(cb_rand(d.g, 53) * 3000000)::bigint AS review_after
         FROM cb_deposit d
         CROSS JOIN LATERAL (SELECT CASE WHEN cb_rand(d.g, 54) < 0.85 THEN 'approved' WHEN cb_rand(d.g, 54) < 0.92 THEN 'rejected'
                                         ELSE 'pending' END AS state) x
         WHERE d.kind = 0 AND cb_rand(d.g, 50) < 0.47 AND d.at + 5 * 3600000 < $1::bigint) w
       WHERE w.at < $1::bigint - CASE WHEN w.state = 'pending' THEN 0 ELSE 3600000 END`,
      [now],
    );
    await q(`ALTER TABLE cb_withdraw ADD COLUMN order_no text, ADD COLUMN payout_id bigint, ADD COLUMN escrow_id bigint;
             UPDATE cb_withdraw SET order_no = 'W' || to_char(to_timestamp((at + 28800000) / 1000.0) AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS')
                                               || lpad((seq % 10000000)::text, 7, '0')`);
    await q(
      `WITH ins AS (
         INSERT INTO payout_account (tenant_id, user_id, kind, bank_code, bank_name, account_no, real_name, branch, created_at, updated_at)
         SELECT $1, user_id, 'bank', 'ICBC', '中国工商银行', '6222' || lpad(user_id::text, 15, '0'), '测试' || g, '北京分行', at - 600000, at - 600000
         FROM cb_withdraw ORDER BY at RETURNING id, user_id)
       UPDATE cb_withdraw w SET payout_id = ins.id FROM ins WHERE ins.user_id = w.user_id`,
      [T],
    );
    await q(
      `WITH ins AS (
         INSERT INTO wallet_account (tenant_id, kind, user_id, code, may_go_negative, created_at)
         SELECT $1, 'escrow', user_id, 'escrow:withdraw:' || user_id, false, at FROM cb_withdraw ORDER BY at
         RETURNING id, user_id)
       UPDATE cb_withdraw w SET escrow_id = ins.id FROM ins WHERE ins.user_id = w.user_id`,
      [T],
    );
    const fee = `(amount * ${Number(setting.withdraw_fee_basis_points)} / 10000)`;
    await q(
      `INSERT INTO withdraw_order (order_no, tenant_id, user_id, payout_account_id, payout_snapshot, amount_minor, fee_minor,
                                   status, remark, created_at, reviewed_at)
       SELECT order_no, $1, user_id, payout_id,
              jsonb_build_object('kind', 'bank', 'bankName', '中国工商银行', 'accountNo', '6222' || lpad(user_id::text, 15, '0'),
                                 'realName', '测试' || g, 'protocol', NULL),
              amount, ${fee}, state, CASE state WHEN 'rejected' THEN '信息不符' WHEN 'approved' THEN '' END, at,
              CASE WHEN state <> 'pending' THEN at + review_after END
       FROM cb_withdraw ORDER BY at`,
      [T],
    );
    await q(`INSERT INTO cb_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'withdraw:' || order_no, 301, 'withdraw', order_no, NULL, at, ARRAY[account_id, escrow_id], ARRAY[-amount, amount]
             FROM cb_withdraw
             UNION ALL
             SELECT 'withdraw-paid:' || order_no, 301, 'withdraw', order_no, NULL, at + review_after,
                    CASE WHEN ${fee} > 0 THEN ARRAY[escrow_id, ${clearing.payout}, ${houseOf('user_id')}] ELSE ARRAY[escrow_id, ${clearing.payout}] END,
                    CASE WHEN ${fee} > 0 THEN ARRAY[-amount, amount - ${fee}, ${fee}] ELSE ARRAY[-amount, amount] END
             FROM cb_withdraw WHERE state = 'approved'
             UNION ALL
             SELECT 'withdraw-return:' || order_no, 201, 'withdraw', order_no, '信息不符', at + review_after,
                    ARRAY[escrow_id, account_id], ARRAY[-amount, amount]
             FROM cb_withdraw WHERE state = 'rejected'`);

    // daily sign-in: half the depositors sign a run of 1-13 consecutive Beijing days after their first deposit
    const rewards = (
      await q(
        'SELECT day_no, reward_minor::text AS reward, turnover_percent FROM activity_sign_reward WHERE tenant_id = $1 ORDER BY day_no',
        [T],
      )
    ).rows as { day_no: number; reward: string; turnover_percent: number }[];
    const cycle = rewards.length > 0 ? rewards : [{ day_no: 1, reward: '10000', turnover_percent: 100 }];
    await q(
      `CREATE UNLOGGED TABLE cb_sign AS
       WITH runs AS (
         SELECT p.g, p.user_id, p.account_id, 1 + floor(cb_rand(p.g, 60) * 13)::int AS days,
                ((p.first_dep_at + ${BEIJING_MS}) / 86400000)::int + 1 AS first_day
         FROM cb_player p WHERE p.depositor AND cb_rand(p.g, 61) < 0.5
       ), placed AS (
         SELECT r.*, r.first_day + floor(cb_rand(r.g, 62) * greatest(0, (($1::bigint + ${BEIJING_MS}) / 86400000)::int - r.days - r.first_day))::int AS start_day
         FROM runs r WHERE r.first_day + r.days <= (($1::bigint + ${BEIJING_MS}) / 86400000)::int
       )
       SELECT p.g, p.user_id, p.account_id, p.start_day + s - 1 AS sign_day, s AS streak,
              (p.start_day + s - 1)::bigint * 86400000 - ${BEIJING_MS} + floor(cb_rand(p.g * 16 + s, 63) * 20 * 3600000)::bigint AS at,
              (ARRAY[${cycle.map((r) => r.reward).join(',')}]::bigint[])[1 + (s - 1) % ${cycle.length}] AS reward,
              (ARRAY[${cycle.map((r) => r.turnover_percent).join(',')}]::int[])[1 + (s - 1) % ${cycle.length}] AS turnover_percent
       FROM placed p CROSS JOIN LATERAL generate_series(1, p.days) s`,
      [now],
    );
    await q(`DELETE FROM cb_sign WHERE at >= $1::bigint`, [now]);
    await q(
      `INSERT INTO activity_sign (tenant_id, user_id, sign_day, streak, reward_minor, created_at)
       SELECT $1, user_id, sign_day, streak, reward, at FROM cb_sign ORDER BY at`,
      [T],
    );
    await q(`INSERT INTO withdraw_flow_requirement (user_id, source_kind, source_id, deposit_minor, required_minor, created_at)
             SELECT user_id, 'sign', user_id || ':' || sign_day, reward, reward * turnover_percent / 100, at
             FROM cb_sign WHERE reward > 0 ORDER BY at`);
    await q(`INSERT INTO cb_txn (idempotency_key, type_code, related_kind, related_id, remark, created_at, accounts, amounts)
             SELECT 'sign:' || user_id || ':' || sign_day, 215, 'sign', sign_day::text, '签到第' || streak || '天', at,
                    ARRAY[${houseOf('user_id')}, account_id], ARRAY[-reward, reward]
             FROM cb_sign WHERE reward > 0`);
  });

  // ---- the ledger: ids in time order, balance-after running per account, balances the sums ------
  await step('ledger written', async () => {
    const base = Number(
      (await q(`SELECT nextval(pg_get_serial_sequence('ledger_txn', 'id')) AS v`)).rows[0].v,
    );
    await q(
      `CREATE UNLOGGED TABLE cb_txn_id AS
       SELECT $1::bigint + row_number() OVER (ORDER BY created_at, sid) - 1 AS id, t.* FROM cb_txn t`,
      [base],
    );
    await q(`SELECT setval(pg_get_serial_sequence('ledger_txn', 'id'), (SELECT max(id) FROM cb_txn_id))`);
    await bulkLoad(client, ['ledger_txn', 'ledger_entry'], async () => {
      await q(`INSERT INTO ledger_txn (id, idempotency_key, type_code, related_kind, related_id, remark, created_at)
               SELECT id, idempotency_key, type_code, related_kind, related_id, remark, created_at FROM cb_txn_id ORDER BY id`);
      await q(`INSERT INTO ledger_entry (txn_id, account_id, amount_minor, balance_after_minor, type_code, created_at)
               SELECT l.id, l.account_id, l.amount,
                      a.balance_minor + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.id ROWS UNBOUNDED PRECEDING),
                      l.type_code, l.created_at
               FROM (SELECT t.id, t.type_code, t.created_at, x.account_id, x.amount
                     FROM cb_txn_id t CROSS JOIN LATERAL unnest(t.accounts, t.amounts) AS x(account_id, amount)) l
               JOIN wallet_account a ON a.id = l.account_id
               ORDER BY l.id, l.account_id`);
    });
    await checkReferences(client);
    await q(`UPDATE wallet_account a SET balance_minor = a.balance_minor + s.total
             FROM (SELECT x.account_id, sum(x.amount)::bigint AS total
                   FROM cb_txn t CROSS JOIN LATERAL unnest(t.accounts, t.amounts) AS x(account_id, amount)
                   GROUP BY x.account_id) s
             WHERE a.id = s.account_id`);
  });

  // ---- staff and the audit chain ------------------------------------------------------------------
  await step('staff and audit chain', async () => {
    await q(
      `INSERT INTO staff (account, role, status, created_at, created_by)
             SELECT 'cbstaff' || s, (ARRAY['owner', 'finance', 'finance', 'finance', 'finance', 'risk', 'risk', 'risk',
                                            'support', 'support', 'support', 'auditor'])[s], 'active', $1::bigint - 200 * 86400000::bigint, 'cli:bench'
             FROM generate_series(1, 12) s ON CONFLICT (account) DO NOTHING`,
      [now],
    );
    // Rows staged in SQL (what each action's row holds, as the desks write it), hashed here in id
    // order by the audit module's rowHash, then inserted a batch at a time.
    // targets are looked up by a random position in numbered lists (never carried as arrays in every
    // row: a sort of 50,000 rows each holding the whole list would spill gigabytes to disk)
    await q(`CREATE UNLOGGED TABLE cb_audit_deposit AS
             SELECT row_number() OVER (ORDER BY order_no)::int AS i, order_no FROM deposit_order
             WHERE channel IN ('banktransfer', 'digitalcurrencypay') AND status <> 'pending';
             CREATE UNLOGGED TABLE cb_audit_withdraw AS
             SELECT row_number() OVER (ORDER BY order_no)::int AS i, order_no FROM withdraw_order WHERE status <> 'pending';
             CREATE UNLOGGED TABLE cb_audit_staff AS
             SELECT row_number() OVER (ORDER BY id)::int AS i, id, role FROM staff WHERE account LIKE 'cbstaff%';
             ALTER TABLE cb_audit_deposit ADD PRIMARY KEY (i); ALTER TABLE cb_audit_withdraw ADD PRIMARY KEY (i);
             ALTER TABLE cb_audit_staff ADD PRIMARY KEY (i)`);
    await q(
      `CREATE UNLOGGED TABLE cb_audit AS
       WITH n AS (SELECT (SELECT count(*) FROM cb_audit_deposit)::int AS deposits, (SELECT count(*) FROM cb_audit_withdraw)::int AS withdrawals,
                         (SELECT count(*) FROM cb_player)::int AS players),
       k AS (
         SELECT k, $2::bigint - ${WINDOW_DAYS}::bigint * 86400000 + floor(cb_rand(k, 70) * ${WINDOW_DAYS}::bigint * 86400000)::bigint AS at,
                cb_rand(k, 71) AS u, 1 + floor(cb_rand(k, 72) * 12)::int AS who
         FROM generate_series(1, $1::int) k
       ), a AS (
         SELECT k.k, k.at, k.who, k.u,
                CASE WHEN k.u < 0.25 THEN 'staff.sign_in' WHEN k.u < 0.33 THEN 'staff.sign_out'
                     WHEN k.u < 0.53 THEN 'deposit.confirm' WHEN k.u < 0.55 THEN 'deposit.reject'
                     WHEN k.u < 0.73 THEN 'withdraw.approve' WHEN k.u < 0.75 THEN 'withdraw.reject'
                     WHEN k.u < 0.79 THEN 'player.status' WHEN k.u < 0.80 THEN 'player.unlock'
                     WHEN k.u < 0.81 THEN 'player.end_sessions' WHEN k.u < 0.89 THEN 'player.note'
                     WHEN k.u < 0.94 THEN 'adjust.create' WHEN k.u < 0.95 THEN 'channel.update'
                     WHEN k.u < 0.97 THEN 'cli.withdraw-approve' ELSE 'cli.user-status' END AS action
         FROM k
       ), t AS (
       SELECT row_number() OVER (ORDER BY a.at, a.k) AS n, a.at,
              CASE WHEN a.action LIKE 'cli.%' THEN 'cli:root' ELSE 'staff:' || s.id END AS actor,
              CASE WHEN a.action LIKE 'cli.%' THEN 'cli' ELSE s.role END AS role,
              a.action,
              CASE WHEN a.action LIKE 'staff.%' THEN 'staff:' || s.id
                   WHEN a.action LIKE 'deposit.%' THEN 'deposit:' || (SELECT order_no FROM cb_audit_deposit WHERE i = 1 + floor(cb_rand(a.k, 73) * n.deposits)::int)
                   WHEN a.action LIKE 'withdraw.%'
                     THEN 'withdraw:' || (SELECT order_no FROM cb_audit_withdraw WHERE i = 1 + floor(cb_rand(a.k, 73) * n.withdrawals)::int)
                   -- a command's row names its first argument (cli/admin.ts runCommand)
                   WHEN a.action = 'cli.withdraw-approve'
                     THEN (SELECT order_no FROM cb_audit_withdraw WHERE i = 1 + floor(cb_rand(a.k, 73) * n.withdrawals)::int)
                   WHEN a.action = 'cli.user-status'
                     THEN (SELECT user_name FROM cb_player WHERE g = 1 + floor(cb_rand(a.k, 73) * n.players)::int)
                   WHEN a.action = 'channel.update' THEN 'channel:' || (ARRAY['alipay', 'wechat', 'banktransfer'])[1 + a.k % 3]
                   ELSE 'user:' || (SELECT user_id FROM cb_player WHERE g = 1 + floor(cb_rand(a.k, 73) * n.players)::int) END AS target,
              CASE WHEN a.action LIKE 'deposit.%' OR a.action LIKE 'withdraw.%' THEN jsonb_build_object('status', 'pending')
                   WHEN a.action = 'player.status' THEN jsonb_build_object('status', 'active', 'failedLogins', 0, 'lockedUntil', NULL)
                   WHEN a.action = 'channel.update' THEN jsonb_build_object('enabled', true, 'sort', 2)
                   END AS before,
              CASE WHEN a.action = 'deposit.confirm' THEN jsonb_build_object('status', 'paid')
                   WHEN a.action = 'deposit.reject' OR a.action = 'withdraw.reject' THEN jsonb_build_object('status', 'rejected')
                   WHEN a.action = 'withdraw.approve' THEN jsonb_build_object('status', 'approved', 'state', 'paid')
                   WHEN a.action = 'player.status' THEN jsonb_build_object('status', 'frozen', 'failedLogins', 0, 'lockedUntil', NULL, 'sessionsEnded', 1)
                   WHEN a.action = 'player.note' THEN jsonb_build_object('body', '已电话回访，客户确认本人操作')
                   WHEN a.action = 'adjust.create' THEN jsonb_build_object('direction', 'credit', 'amount', '50', 'typeCode', 405)
                   WHEN a.action = 'channel.update' THEN jsonb_build_object('enabled', false, 'sort', 2)
                   END AS after,
              CASE WHEN a.action IN ('staff.sign_in', 'staff.sign_out', 'player.note') THEN ''
                   WHEN a.action LIKE 'cli.%' THEN ''
                   ELSE (ARRAY['核对到账', '信息不符', '风控复核', '玩家申请', '活动补发'])[1 + a.k % 5] END AS reason,
              CASE WHEN a.action LIKE 'cli.%' THEN '' ELSE '192.168.' || (a.who % 4) || '.' || (10 + a.who) END AS ip,
              CASE WHEN a.action LIKE 'cli.%' THEN 'npm run admin on ops-1'
                   ELSE 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36' END AS user_agent
       FROM a JOIN cb_audit_staff s ON s.i = a.who CROSS JOIN n
       )
       SELECT n, at, actor, role, action, target, before,
              CASE action
                WHEN 'cli.withdraw-approve' THEN jsonb_build_object('args', jsonb_build_array(target, '--remark', '已核实'), 'outcome', 'ok')
                WHEN 'cli.user-status' THEN jsonb_build_object('args', jsonb_build_array(target, 'frozen'), 'outcome', 'ok')
                ELSE after END AS after,
              reason, ip, user_agent
       FROM t`,
      [o.auditRows, now],
    );
    await q('ALTER TABLE cb_audit ADD PRIMARY KEY (n)');
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock(726301040)'); // the audit writer's lock (modules/audit/writer.ts)
      const last = (await q('SELECT id::text AS id, hash FROM audit_log ORDER BY id DESC LIMIT 1')).rows[0] as
        | { id: string; hash: string }
        | undefined;
      let prev = last?.hash ?? GENESIS;
      let nextId = Number((await q(`SELECT nextval('audit_log_id_seq') AS v`)).rows[0].v);
      const BATCH = 10_000;
      for (let from = 1; from <= o.auditRows; from += BATCH) {
        const rows = (
          await q(
            `SELECT n::int AS n, at::text AS at, actor, role, action, target, before, after, reason, ip, user_agent
             FROM cb_audit WHERE n >= $1 AND n < $2 ORDER BY n`,
            [from, from + BATCH],
          )
        ).rows as {
          n: number;
          at: string;
          actor: string;
          role: string;
          action: string;
          target: string;
          before: unknown;
          after: unknown;
          reason: string;
          ip: string;
          user_agent: string;
        }[];
        const ids: number[] = [];
        const prevs: string[] = [];
        const hashes: string[] = [];
        for (const r of rows) {
          const id = nextId++;
          const hash = rowHash(prev, {
            id,
            at: Number(r.at),
            actor: r.actor,
            role: r.role,
            action: r.action,
            target: r.target,
            before: r.before,
            after: r.after,
            reason: r.reason,
            ip: r.ip,
            userAgent: r.user_agent,
          });
          ids.push(id);
          prevs.push(prev);
          hashes.push(hash);
          prev = hash;
        }
        await q(
          `INSERT INTO audit_log (id, at, actor, role, action, target, before, after, reason, ip, user_agent, prev_hash, hash)
           SELECT x.id, a.at, a.actor, a.role, a.action, a.target, a.before, a.after, a.reason, a.ip, a.user_agent, x.prev, x.hash
           FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[]) AS x(id, n, prev, hash)
           JOIN cb_audit a ON a.n = x.n ORDER BY x.id`,
          [numArray(ids), numArray(rows.map((r) => r.n)), textArray(prevs), textArray(hashes)],
        );
      }
      await q(`SELECT setval('audit_log_id_seq', $1::bigint)`, [nextId - 1]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  });

  const rows: Record<string, number> = {};
  await step('vacuum analyze', async () => {
    for (const table of [
      'users',
      'sessions',
      'user_security',
      'agent_tree',
      'wallet_account',
      'bet',
      'bet_line',
      'ledger_txn',
      'ledger_entry',
      'deposit_order',
      'withdraw_order',
      'withdraw_flow_requirement',
      'activity_sign',
      'draw_issue',
      'audit_log',
    ]) {
      await q(`VACUUM (ANALYZE) ${table}`);
      rows[table] = Number((await q(`SELECT count(*)::bigint AS n FROM ${table}`)).rows[0].n);
    }
  });
  const ledger = await checkLedger(client);
  o.log(`  ledger invariants hold: ${ledger.transactions} transactions, ${ledger.entries} entries`);

  for (const t of [
    'cb_txn_id',
    'cb_txn',
    'cb_sign',
    'cb_withdraw',
    'cb_deposit',
    'cb_bet',
    'cb_bettor',
    'cb_payout',
    'cb_issue',
    'cb_audit',
    'cb_audit_deposit',
    'cb_audit_withdraw',
    'cb_audit_staff',
    'cb_player',
  ])
    await q(`DROP TABLE ${t}`);
  await q('DROP FUNCTION cb_rand(bigint, integer); DROP FUNCTION cb_ip(bigint)');
  await q('RESET work_mem; RESET maintenance_work_mem; RESET synchronous_commit');
  return { rows, steps };
}
