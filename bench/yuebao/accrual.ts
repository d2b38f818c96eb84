/**
 * Yuebao bench: one day of interest for 100,000 savers with the real set-based job (accrueDay, one
 * transaction for the tenant-day), compared in the same run with a per-player loop (each saver in
 * its own transaction) over an identical copy of a sample of the savers in a second tenant; the
 * loop's time is extrapolated to all savers. Both must pay the same principal, rate and interest per
 * saver; the ledger audit must hold. PostgreSQL only. Writes docs/bench.md, section "yuebao", block
 * "accrual".
 *
 *   npx tsx bench/yuebao/accrual.ts     # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_SAVERS=10000 BENCH_SAMPLE=1000 BENCH_DRY=1 npx tsx bench/yuebao/accrual.ts   # a trial, docs untouched
 *   BENCH_PROFILE=explain BENCH_DRY=1 npx tsx bench/yuebao/accrual.ts   # the job's statements and plans on stderr
 *
 * The savers are made set-based through the same tables and postings as the real calls: a deposit
 * (101, clearing → wallet), the transfer in (306, wallet → yuebao, key yuebao-in:<user>:<id>) and its
 * yuebao_day_low row on day D0, all by postTransferBatchIn; on the accrued day D1 every 10th saver
 * moves a third out (110) and every 10th (another) moves 1,000 yuan more in (306), with their day_low
 * rows, so the job sees all three principal rules. An activity pays 5 % from 100,000 yuan.
 */
import { cpus, loadavg } from 'node:os';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../apps/server/src/db/client';
import { pgArray, queryOne, queryRows } from '../../apps/server/src/db/sql';
import {
  auditLedger,
  clearingAccount,
  houseAccount,
  postTransferBatchIn,
  postTransferIn,
  type TransferInput,
} from '../../apps/server/src/modules/wallet/index';
import {
  accrueDay,
  dailyInterest,
  dayStartMs,
  insertActivity,
  upsertConfig,
} from '../../apps/server/src/modules/yuebao/index';
import { BENCH_URL, benchSchema } from '../betting/report';
import { writeBenchBlock } from './report';

const SAVERS = Number(process.env.BENCH_SAVERS ?? 100_000);
const SAMPLE = Math.min(SAVERS, Number(process.env.BENCH_SAMPLE ?? 2_000));
const STEP = Math.max(1, Math.floor(SAVERS / SAMPLE)); // the sample: every STEP-th saver
const BATCH = 10_000; // transfers per postTransferBatchIn call while filling
const RATE_PPM = 36_500; // 3.65 %
const ACTIVITY_PPM = 50_000; // 5 % from 100,000 yuan
const ACTIVITY_MIN = 100_000n * 10_000n;
const YUAN = 10_000n;
const loadAtStart = loadavg()[0]!;

const today = Math.floor((Date.now() + 8 * 3_600_000) / 86_400_000);
const D0 = today - 2; // the transfers in
const D1 = today - 1; // the accrued day (moves on it too)
const T0 = dayStartMs(D0) + 12 * 3_600_000;
const T1 = dayStartMs(D1) + 15 * 3_600_000;
const PAY_AT = dayStartMs(D1 + 1) + 60_000;

const { database, drop } = await benchSchema(4);
const db = database.db;

type Saver = { g: number; userId: number; player: number; savings: number; balance: bigint };

/** Saver g's balance after D0: 100-200,099 yuan with cents (so the floors leave a remainder). */
const startBalance = (g: number): bigint =>
  (100n + BigInt((g * 7919) % 200_000)) * YUAN + BigInt(g % 100) * 100n;
const movesOut = (g: number) => g % 10 === 0;
const movesIn = (g: number) => g % 10 === 5;

async function newTenant(code: string): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO tenants (code, name, config, config_updated_at, page_updated_at, lottery_order_updated_at, created_at)
     VALUES ($1, $1, '{}', $2, $2, $2, $2) RETURNING id`,
    [code, T0],
  );
  const tenantId = Number(row!.id);
  await upsertConfig(
    db,
    {
      tenantId,
      ratePpm: RATE_PPM,
      minInMinor: YUAN,
      maxInMinor: 1_000_000n * YUAN,
      maxBalanceMinor: 5_000_000n * YUAN,
      startDay: D0,
    },
    T0,
  );
  await insertActivity(
    db,
    tenantId,
    { title: 'bench', ratePpm: ACTIVITY_PPM, minBalanceMinor: ACTIVITY_MIN, startDay: D0, endDay: D1 + 30 },
    T0,
  );
  return tenantId;
}

async function postInBatches(transfers: TransferInput[], nowMs: number): Promise<void> {
  for (let i = 0; i < transfers.length; i += BATCH) {
    await db.transaction((tx) => postTransferBatchIn(tx, transfers.slice(i, i + BATCH), nowMs));
  }
}

/** Savers numbered `gs` in the tenant, with their money moved as the real calls move it. */
async function fill(tenantId: number, gs: number[]): Promise<Saver[]> {
  const users = await database.query<{ id: string; g: number }>(
    `INSERT INTO users (tenant_id, user_name, password_hash, rebate_updated_at, password_changed_at, created_at)
     SELECT $1, 'y' || g, 'x', $2, $2, $2 FROM unnest($3::int[]) g RETURNING id::text, substr(user_name, 2)::int AS g`,
    [tenantId, T0, pgArray(gs)],
  );
  const accounts = await database.query<{ id: string; user_id: string; kind: string }>(
    `INSERT INTO wallet_account (tenant_id, kind, user_id, code, may_go_negative, created_at)
     SELECT $1, k.kind, u.id, k.prefix || u.id, false, $2
     FROM users u CROSS JOIN (VALUES ('player', 'player:'), ('savings', 'yuebao:')) AS k(kind, prefix)
     WHERE u.tenant_id = $1 RETURNING id::text, user_id::text, kind`,
    [tenantId, T0],
  );
  const byUser = new Map<string, { player?: number; savings?: number }>();
  for (const a of accounts) {
    const entry = byUser.get(a.user_id) ?? {};
    entry[a.kind === 'player' ? 'player' : 'savings'] = Number(a.id);
    byUser.set(a.user_id, entry);
  }
  const savers: Saver[] = users
    .map((u) => ({
      g: Number(u.g),
      userId: Number(u.id),
      player: byUser.get(u.id)!.player!,
      savings: byUser.get(u.id)!.savings!,
      balance: startBalance(Number(u.g)),
    }))
    .sort((a, b) => a.g - b.g);
  const clearing = await clearingAccount(db, tenantId, 'bench');
  const move = (s: Saver, code: 306 | 110, amount: bigint, tag: string): TransferInput => ({
    idempotencyKey: `yuebao-${code === 306 ? 'in' : 'out'}:${s.userId}:${tag}`,
    typeCode: code,
    lines: [
      { accountId: s.player, amountMinor: code === 306 ? -amount : amount },
      { accountId: s.savings, amountMinor: code === 306 ? amount : -amount },
    ],
    related: { kind: 'yuebao', id: String(s.userId) },
    remark: code === 306 ? '转入余额宝' : '余额宝转出',
  });
  // D0: deposit (the saver keeps 50 yuan, 1,050 when it moves more in on D1), transfer all but that in
  await postInBatches(
    savers.map((s) => ({
      idempotencyKey: `bench-deposit:${s.userId}`,
      typeCode: 101,
      lines: [
        { accountId: clearing, amountMinor: -(s.balance + (movesIn(s.g) ? 1_050n : 50n) * YUAN) },
        { accountId: s.player, amountMinor: s.balance + (movesIn(s.g) ? 1_050n : 50n) * YUAN },
      ],
      remark: 'bench deposit',
    })),
    T0,
  );
  await postInBatches(
    savers.map((s) => move(s, 306, s.balance, 'd0')),
    T0,
  );
  const lows: { userId: number; day: number; open: bigint; low: bigint }[] = savers.map((s) => ({
    userId: s.userId,
    day: D0,
    open: 0n,
    low: 0n,
  }));
  // D1: a third out, or 1,000 yuan in
  const d1: TransferInput[] = [];
  for (const s of savers) {
    if (movesOut(s.g)) {
      const out = (s.balance / 3n / 100n) * 100n;
      d1.push(move(s, 110, out, 'd1'));
      lows.push({ userId: s.userId, day: D1, open: s.balance, low: s.balance - out });
      s.balance -= out;
    } else if (movesIn(s.g)) {
      d1.push(move(s, 306, 1_000n * YUAN, 'd1'));
      lows.push({ userId: s.userId, day: D1, open: s.balance, low: s.balance });
      s.balance += 1_000n * YUAN;
    }
  }
  await postInBatches(d1, T1);
  await db.execute(sql`
    INSERT INTO yuebao_day_low (user_id, day, open_minor, low_minor)
    SELECT * FROM unnest(${pgArray(lows.map((l) => l.userId))}::bigint[], ${pgArray(lows.map((l) => l.day))}::int[],
                         ${pgArray(lows.map((l) => l.open))}::bigint[], ${pgArray(lows.map((l) => l.low))}::bigint[])`);
  return savers;
}

/**
 * The loop to beat: each saver in its own transaction, the same rules (docs/yuebao.md "Held a full
 * day") one row at a time: lock the savings row, read its principal and the best activity, claim the
 * saver-day (yuebao_accrual's key), post the interest (house → saver), move the later low rows.
 */
async function accrueLoop(tenantId: number, day: number, savers: Saver[]): Promise<void> {
  const house = await houseAccount(db, tenantId, 0);
  for (const s of savers) {
    await db.transaction(async (tx) => {
      const account = await queryOne<{ balance: string }>(
        tx,
        sql`SELECT balance_minor::text AS balance FROM wallet_account WHERE id = ${s.savings} FOR UPDATE`,
      );
      const held = await queryOne<{ principal: string }>(
        tx,
        sql`SELECT coalesce(
              (SELECT low_minor FROM yuebao_day_low WHERE user_id = ${s.userId} AND day = ${day}),
              (SELECT open_minor FROM yuebao_day_low WHERE user_id = ${s.userId} AND day > ${day} ORDER BY day LIMIT 1),
              ${BigInt(account!.balance)}::bigint)::text AS principal`,
      );
      const principal = BigInt(held!.principal);
      if (principal <= 0n) return;
      const best = await queryOne<{ rate: number | null }>(
        tx,
        sql`SELECT max(rate_ppm) AS rate FROM yuebao_activity WHERE tenant_id = ${tenantId}
            AND ${day} BETWEEN start_day AND end_day AND min_balance_minor <= ${principal}`,
      );
      const rate = Math.max(RATE_PPM, Number(best?.rate ?? 0));
      const interest = dailyInterest(principal, rate);
      const claimed = await queryOne<{ day: number }>(
        tx,
        sql`INSERT INTO yuebao_accrual (user_id, day, tenant_id, principal_minor, rate_ppm, interest_minor, created_at)
            VALUES (${s.userId}, ${day}, ${tenantId}, ${principal}, ${rate}, ${interest}, ${PAY_AT})
            ON CONFLICT (user_id, day) DO NOTHING RETURNING day`,
      );
      if (!claimed || interest === 0n) return;
      await postTransferIn(
        tx,
        {
          idempotencyKey: `yuebao-interest-loop:${tenantId}:${day}:${s.userId}`,
          typeCode: 216,
          lines: [
            { accountId: house, amountMinor: -interest },
            { accountId: s.savings, amountMinor: interest },
          ],
          related: { kind: 'yuebao-day', id: String(day) },
          remark: '余额宝收益',
        },
        PAY_AT,
      );
      await tx.execute(sql`UPDATE yuebao_day_low SET open_minor = open_minor + ${interest}, low_minor = low_minor + ${interest}
        WHERE user_id = ${s.userId} AND day > ${day}`);
    });
  }
}

/**
 * The job's database with each statement of its transaction timed into `steps` (a proxy: the job's
 * code runs unchanged); BENCH_PROFILE=1 prints them on stderr, BENCH_PROFILE=explain also prints the
 * EXPLAIN ANALYZE of the big statements (run in a savepoint rolled back, so they happen once).
 */
const steps: { ms: number; text: string }[] = [];
function profiled(root: Db): Db {
  const dialect = new PgDialect();
  const timedExecute = (target: Db) => async (query: SQLWrapper) => {
    const text = dialect.sqlToQuery(query.getSQL()).sql.replace(/\s+/g, ' ').trim();
    if (process.env.BENCH_PROFILE === 'explain' && text.startsWith('WITH')) {
      // the plan of the big statements, run inside a savepoint that is rolled back
      await target.execute(sql`SAVEPOINT bench_explain`);
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        target,
        sql`EXPLAIN (ANALYZE, BUFFERS) ${query.getSQL()}`,
      );
      await target.execute(sql`ROLLBACK TO SAVEPOINT bench_explain`);
      console.error(plan.map((r) => r['QUERY PLAN']).join('\n'));
    }
    const started = performance.now();
    const result = await target.execute(query);
    const ms = performance.now() - started;
    steps.push({ ms, text });
    if (process.env.BENCH_PROFILE) console.error(`  ${ms.toFixed(0).padStart(6)} ms  ${text.slice(0, 110)}`);
    return result;
  };
  return new Proxy(root, {
    get(target, prop, receiver) {
      if (prop === 'transaction')
        return <T>(work: (tx: Db) => Promise<T>) =>
          target.transaction((tx) =>
            work(
              new Proxy(tx, {
                get: (t, p) => (p === 'execute' ? timedExecute(t as unknown as Db) : Reflect.get(t, p)),
              }) as unknown as Db,
            ),
          );
      return Reflect.get(target, prop, receiver);
    },
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const n = (v: number) => v.toLocaleString('en');

try {
  const setA = await newTenant('yuebao-bench-a');
  const setB = await newTenant('yuebao-bench-b');
  const all = Array.from({ length: SAVERS }, (_, i) => i + 1);
  const sampleGs = all.filter((g) => (g - 1) % STEP === 0).slice(0, SAMPLE);
  console.log(
    `filling ${n(SAVERS)} savers (tenant A) and a copy of ${n(sampleGs.length)} of them (tenant B) ...`,
  );
  const tFill = performance.now();
  await fill(setA, all);
  const sample = await fill(setB, sampleGs);
  const fillMs = performance.now() - tFill;
  await db.execute(sql`ANALYZE`);
  console.log(`filled in ${seconds(fillMs)}`);

  const t0 = performance.now();
  const day = await accrueDay(profiled(db), setA, D1, RATE_PPM, PAY_AT);
  const setMs = performance.now() - t0;
  if (!day) throw new Error('the day had been paid already');
  console.log(
    `set-based accrueDay: ${n(day.savers)} savers, paid ${day.paidMinor}, pool ${day.poolMinor}, remainder ${day.remainderMinor}, ${setMs.toFixed(0)} ms`,
  );
  const stepMs = (test: (text: string) => boolean) =>
    steps.filter((st) => test(st.text)).reduce((sum, st) => sum + st.ms, 0);
  const breakdown = {
    lock: stepMs((t) => t.startsWith('SELECT id FROM wallet_account') && t.includes('FOR UPDATE')),
    savers: stepMs((t) => t.includes('INSERT INTO yuebao_accrual ')),
    ledger: stepMs((t) => t.startsWith('INSERT INTO ledger_txn') || t.startsWith('WITH l AS')),
    lows: stepMs((t) => t.startsWith('UPDATE yuebao_day_low')),
  };
  const restMs = setMs - breakdown.lock - breakdown.savers - breakdown.ledger - breakdown.lows;
  console.log(
    `  inside: lock ${breakdown.lock.toFixed(0)} ms, saver statement ${breakdown.savers.toFixed(0)} ms, ledger batch ${breakdown.ledger.toFixed(0)} ms, low rows ${breakdown.lows.toFixed(0)} ms, rest (totals, claim, commit) ${restMs.toFixed(0)} ms`,
  );
  const again = await accrueDay(db, setA, D1, RATE_PPM, PAY_AT);
  if (again) throw new Error('a second run of the day paid again');

  const t1 = performance.now();
  await accrueLoop(setB, D1, sample);
  const loopMs = performance.now() - t1;
  const loopPerSaver = loopMs / sample.length;
  const loopAllMs = loopPerSaver * SAVERS;
  const extrapolated = sample.length < SAVERS;
  console.log(
    `per-player loop: ${n(sample.length)} savers in ${loopMs.toFixed(0)} ms (${loopPerSaver.toFixed(2)} ms each)` +
      (extrapolated ? `; extrapolated to ${n(SAVERS)}: ${seconds(loopAllMs)}` : ''),
  );

  // Same principal, rate and interest per saver, and the ledger credited exactly that.
  const cmp = await queryOne<{ pairs: string; differ: string; ledger_differ: string }>(
    db,
    sql`WITH x AS (
          SELECT ua.id AS ua, ub.id AS ub, xa.principal_minor AS pa, xb.principal_minor AS pb,
                 xa.rate_ppm AS ra, xb.rate_ppm AS rb, xa.interest_minor AS ia, xb.interest_minor AS ib
          FROM users ub
          JOIN users ua ON ua.tenant_id = ${setA} AND ua.user_name = ub.user_name
          LEFT JOIN yuebao_accrual xa ON xa.user_id = ua.id AND xa.day = ${D1}
          LEFT JOIN yuebao_accrual xb ON xb.user_id = ub.id AND xb.day = ${D1}
          WHERE ub.tenant_id = ${setB}
        ), credited AS (
          SELECT a.user_id, sum(e.amount_minor) AS paid FROM ledger_entry e
          JOIN wallet_account a ON a.id = e.account_id
          WHERE a.tenant_id IN (${setA}, ${setB}) AND a.code LIKE 'yuebao:%' AND e.type_code = 216
          GROUP BY a.user_id
        )
        SELECT count(*)::text AS pairs,
               count(*) FILTER (WHERE pa IS NULL OR pb IS NULL OR pa <> pb OR ra <> rb OR ia <> ib)::text AS differ,
               count(*) FILTER (WHERE coalesce(ca.paid, 0) <> ia OR coalesce(cb.paid, 0) <> ib)::text AS ledger_differ
        FROM x LEFT JOIN credited ca ON ca.user_id = x.ua LEFT JOIN credited cb ON cb.user_id = x.ub`,
  );
  if (Number(cmp!.pairs) !== sample.length || cmp!.differ !== '0' || cmp!.ledger_differ !== '0')
    throw new Error(`set-based and loop differ: ${JSON.stringify(cmp)}`);
  const rates = await queryRows<{ rate_ppm: number; savers: string; moved: string }>(
    db,
    sql`SELECT x.rate_ppm, count(*)::text AS savers,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM yuebao_day_low l WHERE l.user_id = x.user_id AND l.day = ${D1}))::text AS moved
        FROM yuebao_accrual x WHERE x.tenant_id = ${setA} AND x.day = ${D1} GROUP BY x.rate_ppm ORDER BY x.rate_ppm`,
  );
  const rounding = await queryOne<{ balance: string }>(
    db,
    sql`SELECT balance_minor::text AS balance FROM wallet_account WHERE tenant_id = ${setA} AND code = 'rounding:yuebao'`,
  );
  if (BigInt(rounding?.balance ?? '0') !== day.remainderMinor)
    throw new Error(`rounding account holds ${rounding?.balance}, remainder ${day.remainderMinor}`);
  const audit = await auditLedger(db);
  if (!audit.ok)
    throw new Error(
      `ledger audit failed: ${JSON.stringify(audit, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
    );
  console.log(
    `checks: ${n(sample.length)} sampled savers paid the same by both (principal, rate, interest, ledger credit); ` +
      `rounding account = remainder; second run paid nothing; ledger audit ok (${n(audit.transactions)} transactions)`,
  );

  const yuan = (minor: bigint) =>
    `${(Number(minor) / 10_000).toLocaleString('en', { maximumFractionDigits: 4 })}`;
  const loopRow = extrapolated
    ? `| per-player loop (one transaction per saver), ${n(sample.length)} sampled savers | ${n(sample.length)} | ${seconds(loopMs)} (${loopPerSaver.toFixed(2)} ms / saver) | ${n(Math.round(sample.length / (loopMs / 1000)))} |
| per-player loop, **extrapolated** to ${n(SAVERS)} (${loopPerSaver.toFixed(2)} ms × ${n(SAVERS)}) | ${n(SAVERS)} | ${seconds(loopAllMs)} | ${n(Math.round(sample.length / (loopMs / 1000)))} |`
    : `| per-player loop (one transaction per saver) | ${n(sample.length)} | ${seconds(loopMs)} | ${n(Math.round(sample.length / (loopMs / 1000)))} |`;
  if (process.env.BENCH_DRY || process.env.BENCH_PROFILE === 'explain') {
    console.log('BENCH_DRY: docs/bench.md not written');
  } else
    writeBenchBlock(
      'yuebao',
      'accrual',
      `
\`npx tsx bench/yuebao/accrual.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}) shared (1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end),
PostgreSQL at \`${new URL(BENCH_URL).host}\`, fresh schema. One Beijing day of interest for ${n(day.savers)} savers of one tenant
(100-200,099 yuan each; 3.65 % base, an activity at 5 % from 100,000 yuan). The savers were made set-based through the
real postings (deposit 101, transfer in 306 and its day-low row on the day before, by \`postTransferBatchIn\`,
${seconds(fillMs)} with the sample's copy); on the accrued day every 10th saver moved a third out (110) and every 10th
another 1,000 yuan in (306), so the job takes the day's low for ${n(rates.reduce((s, r) => s + Number(r.moved), 0))} savers and the balance for the rest.
The set-based row is the real job (\`accrueDay\`: one transaction, claim, lock, one INSERT … SELECT,
${Math.ceil(day.savers / 5000)} ledger transactions of 5,000 savers plus the rounding one, one UPDATE). The loop accrues the same day
for ${extrapolated ? `a sample of ${n(sample.length)} savers (every ${STEP}th, copied with the same balances and moves into a second tenant)` : 'a copy of every saver in a second tenant'},
each in its own transaction (lock the savings row, principal, best activity, claim the saver-day, post 216, move later low rows)${extrapolated ? '; its time for all savers is **extrapolated** linearly from the sample' : ''}.

| method | savers | time | savers / s |
|---|---:|---:|---:|
| set-based \`accrueDay\` (one transaction) | ${n(day.savers)} | **${seconds(setMs)}** | ${n(Math.round(day.savers / (setMs / 1000)))} |
${loopRow}

Inside the set-based transaction (each statement timed through a proxy of the database): lock the savers' rows
${seconds(breakdown.lock)}; the saver statement (principal, rate, interest, ${n(day.savers)} rows into \`yuebao_accrual\`) ${seconds(breakdown.savers)};
the ledger batch (\`postTransferBatchIn\`: ${n(Math.ceil(day.savers / 5000) + (day.remainderMinor > 0n ? 1 : 0))} transactions, ${n(day.savers + Math.ceil(day.savers / 5000) + (day.remainderMinor > 0n ? 2 : 0))} entries) ${seconds(breakdown.ledger)};
later low-water rows ${seconds(breakdown.lows)}; the rest (claim, totals, account ids, commit) ${seconds(restMs)}.

Paid ${yuan(day.paidMinor)} yuan (pool ${yuan(day.poolMinor)}, rounding remainder ${yuan(day.remainderMinor)} yuan booked to \`rounding:yuebao\`);
rates: ${rates.map((r) => `${(r.rate_ppm / 10_000).toFixed(2)} % × ${n(Number(r.savers))}`).join(', ')}. Checked: both methods pay every
sampled saver the same principal, rate and interest and the ledger credited exactly that; a second run of the day pays
nothing; the ledger audit holds (${n(audit.transactions)} transactions). Aim: under 5 s for 100,000 savers. Speed-up of the
set-based job over the loop: ${(loopAllMs / setMs).toFixed(1)}×${extrapolated ? ' (against the extrapolated loop)' : ''}.
`,
    );
  if (!process.env.BENCH_DRY && process.env.BENCH_PROFILE !== 'explain')
    console.log('docs/bench.md: yuebao/accrual written');
} finally {
  await drop();
}
