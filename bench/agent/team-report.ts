/**
 * Agent bench (issue 13): the team reports of a top agent with 100,000 members below it and
 * 1,000,000 settled bets over 60 Beijing days, on PostgreSQL, through the real app (build() and
 * inject with the agent's session: route, zod, service, SQL, envelope), compared in the same run
 * with a naive query (a recursive walk of users.parent_id joined to the raw ledger: no closure table,
 * no daily aggregates) whose figures must EQUAL the service's. Aim: p95 < 200 ms per report call.
 * Writes docs/bench.md, section "agent", block "team report".
 *
 *   npx tsx bench/agent/team-report.ts     # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_DESCENDANTS=10000 BENCH_BETS=100000 BENCH_DRY=1 npx tsx bench/agent/team-report.ts   # a trial, docs untouched
 *   BENCH_PROFILE=explain BENCH_DRY=1 npx tsx bench/agent/team-report.ts   # every statement of one call per period, with its plan, on stderr
 *
 * Other knobs: BENCH_RUNS (timed runs per call and period, default 30, after 3 warm-up rounds),
 * BENCH_NAIVE_RUNS (default 5), BENCH_KEEP=1 (leave the schema for psql; its name is printed),
 * BENCH_SCHEMA=<kept schema> (time again on a kept schema without seeding: it is migrated to the
 * current code, the daily job runs, and the clock is frozen where the seeding run froze it),
 * BENCH_WHATIF_PG_OPTIONS="-c jit=off" (time every call a second time on a pool whose sessions start
 * with those settings, to measure what a setting would change; printed and written as its own table). The data (bench/agent/seed.ts) is made once per run in a fresh
 * schema, set-based, through the real tables: users level by level (the agent_tree triggers build
 * the closure), bets and lines, and the ledger rows placement, settlement, deposits and withdrawals
 * write (302, 205, 501, 204 up the chain, 102-104 with the 208 bonus, 301/201), checked by the
 * ledger audit's invariants. Then the real daily job (jobs/agent-report-daily.ts) aggregates every closed day,
 * and the calls run with the clock frozen at the start of the run (so "today" is the same day
 * throughout, whatever the wall clock does).
 */
import { cpus, loadavg } from 'node:os';
import { formatMoney } from '@lottery/contract/money';
import type { ReportPeriod } from '@lottery/contract/records';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { build } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { createDb, type Db } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemoTenant } from '../../apps/server/src/db/seed';
import { queryRows } from '../../apps/server/src/db/sql';
import { agentReportDaily } from '../../apps/server/src/jobs/agent-report-daily';
import { createSession } from '../../apps/server/src/modules/auth/index';
import { reportRange } from '../../apps/server/src/modules/records/index';
import { BENCH_URL, benchSchema } from '../betting/report';
import { writeBenchBlock } from '../yuebao/report';
import { type NaiveTeam, naiveBets, naivePerBranch, naiveTeam } from './naive';
import { checkLedger, seedAgentTeams } from './seed';

const DESCENDANTS = Number(process.env.BENCH_DESCENDANTS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const DAYS = 60;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const NAIVE_RUNS = Number(process.env.BENCH_NAIVE_RUNS ?? 5);
const WARMUP_ROUNDS = 3;
/** Extra PostgreSQL options (e.g. "-c jit=off") for a second, what-if timing pass: diagnosis only. */
const WHATIF_OPTIONS = process.env.BENCH_WHATIF_PG_OPTIONS;
const AIM_MS = 200;
const PROFILE = process.env.BENCH_PROFILE;
const DRY = Boolean(process.env.BENCH_DRY) || PROFILE === 'explain';
const PERIODS: ReportPeriod[] = ['today', 'sevenDays', 'thisMonth', 'lastMonth'];
const loadAtStart = loadavg()[0]!;
/** A schema kept by an earlier run (BENCH_KEEP=1) to time again without seeding (BENCH_SCHEMA=name). */
const REUSE = process.env.BENCH_SCHEMA;

const n = (v: number) => v.toLocaleString('en');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(line);

/**
 * The app's database with every statement optionally timed (BENCH_PROFILE=1) or explained
 * (BENCH_PROFILE=explain: EXPLAIN (ANALYZE, BUFFERS) before running it); off during the timed runs.
 */
const tracing = { on: false };
function traced(root: Db): Db {
  const dialect = new PgDialect();
  return new Proxy(root, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQLWrapper) => {
        if (!tracing.on) return target.execute(query);
        const text = dialect.sqlToQuery(query.getSQL()).sql.replace(/\s+/g, ' ').trim();
        if (PROFILE === 'explain' && /^(SELECT|WITH)/i.test(text)) {
          const plan = await queryRows<{ 'QUERY PLAN': string }>(
            target,
            sql`EXPLAIN (ANALYZE, BUFFERS) ${query.getSQL()}`,
          );
          console.error(`\n${text.slice(0, 400)}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
        const started = performance.now();
        const result = await target.execute(query);
        console.error(`  ${(performance.now() - started).toFixed(1).padStart(8)} ms  ${text.slice(0, 150)}`);
        return result;
      };
    },
  });
}

const { database, schema, drop } = REUSE ? await keptSchema(REUSE) : await benchSchema(4);
const client = new pg.Client({ connectionString: BENCH_URL, options: `-c search_path=${schema}` });
await client.connect();
/** What the seeding run recorded (its frozen clock, the data's shape), read back by a reuse run. */
type SeedMeta = {
  nowMs: number;
  seedMs: number;
  seeded: Awaited<ReturnType<typeof seedAgentTeams>>;
  ledger: { transactions: number; entries: number };
  /** The seeding run's daily job: closed days caught up, and how long it took. */
  job?: { days: number; ms: number };
};
const meta: SeedMeta | undefined = REUSE
  ? ((await client.query('SELECT meta FROM bench_meta')).rows[0].meta as SeedMeta)
  : undefined;
const nowMs = meta?.nowMs ?? Date.now();
const clock = new ManualClock(nowMs);
try {
  await client.query(
    `SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'; SET synchronous_commit = off`,
  );
  const pgInfo = (
    await client.query(
      `SELECT current_setting('server_version') AS version, current_setting('shared_buffers') AS shared_buffers,
              current_setting('work_mem') AS work_mem, current_setting('max_parallel_workers_per_gather') AS parallel`,
    )
  ).rows[0] as { version: string; shared_buffers: string; parallel: string };
  await client.query(`RESET work_mem`);
  const appWorkMem = (await client.query(`SELECT current_setting('work_mem') AS w`)).rows[0].w as string;
  await client.query(`SET work_mem = '256MB'`);
  if (!meta) await seedDemoTenant(database, clock);
  const tenantId = Number((await client.query(`SELECT id FROM tenants WHERE code = 'demo'`)).rows[0].id);

  // ---- data --------------------------------------------------------------------------------------
  let seedMs: number;
  let seeded: SeedMeta['seeded'];
  let ledger: SeedMeta['ledger'];
  if (meta) {
    ({ seedMs, seeded, ledger } = meta);
    log(`reusing schema ${schema}: seeded ${new Date(nowMs).toISOString()}, clock frozen there`);
  } else {
    log(
      `seeding: ${n(DESCENDANTS)} members under the top agent, ${n(BETS)} bets over ${DAYS} days (+ a second tree of a fifth) ...`,
    );
    const tSeed = performance.now();
    seeded = await seedAgentTeams(client, database.db, {
      tenantId,
      descendants: DESCENDANTS,
      bets: BETS,
      days: DAYS,
      nowMs,
      log,
    });
    seedMs = performance.now() - tSeed;
    const tAudit = performance.now();
    ledger = await checkLedger(client);
    log(
      `ledger invariants hold: ${n(ledger.transactions)} transactions, ${n(ledger.entries)} entries (${seconds(performance.now() - tAudit)})`,
    );
    await client.query('CREATE TABLE bench_meta (meta jsonb NOT NULL)');
    await client.query('INSERT INTO bench_meta VALUES ($1)', [
      JSON.stringify({ nowMs, seedMs, seeded, ledger } satisfies SeedMeta),
    ]);
  }
  const { a, b } = seeded;
  log(
    `  ${n(seeded.betsPerDay.min)}-${n(seeded.betsPerDay.max)} bets a day (today so far ${n(seeded.betsPerDay.today)}); ` +
      `${n(seeded.newInWindow)} of tree A's members registered in the ${DAYS}-day window`,
  );
  log(
    `seeded in ${seconds(seedMs)}: tree A ${n(a.members)} members (${n(a.agents)} agents, ${a.levels} levels, ${a.directCount} direct), ` +
      `tree B ${n(b.members)}; rows ${Object.entries(seeded.rows)
        .map(([k, v]) => `${k} ${n(v)}`)
        .join(', ')}`,
  );

  // ---- the real daily job over every closed day (and today's fold, the team rollups) ---------------
  const tJob = performance.now();
  let jobDays = 0;
  for (let call = 0; call < 100; call++) {
    const days = await agentReportDaily(database.db, nowMs);
    if (days.length === 0) break;
    jobDays += days.length;
  }
  const thisJobMs = performance.now() - tJob;
  await client.query(
    'VACUUM (ANALYZE) agent_report_daily, agent_report_day, agent_team_daily, agent_team_day, agent_report_fold, agent_bet_daily, agent_team_bet_daily, agent_bet_day',
  );
  // the first run's catch-up is what the docs quote; a reuse run adds what its own call did
  const job = meta?.job ?? { days: jobDays, ms: thisJobMs };
  if (!meta?.job)
    await client.query(`UPDATE bench_meta SET meta = meta || jsonb_build_object('job', $1::jsonb)`, [
      JSON.stringify(job),
    ]);
  const aggregatedDays = job.days;
  const jobMs = job.ms;
  const count = async (q: string) => Number((await client.query(q)).rows[0].n);
  const dailyRows = await count('SELECT count(*) AS n FROM agent_report_daily');
  const teamRows = await count('SELECT count(*) AS n FROM agent_team_daily');
  const teamDays = await count('SELECT count(*) AS n FROM agent_team_day');
  const fold = (await client.query('SELECT upto_ms FROM agent_report_fold ORDER BY day DESC LIMIT 1'))
    .rows[0] as { upto_ms: string } | undefined;
  const windowDailyRows = await count(
    `SELECT count(*) AS n FROM agent_report_daily WHERE day >= ${Number(seeded.firstDay)}`,
  );
  log(
    `daily job: ${aggregatedDays} closed days aggregated in ${seconds(jobMs)} (${n(dailyRows)} user-day rows, ${n(windowDailyRows)} in the ${DAYS}-day window); ` +
      `${meta ? `this run's call ${seconds(thisJobMs)}; ` : ''}team rollup ${n(teamRows)} rows over ${teamDays} days; ` +
      `today folded up to ${fold ? `${((nowMs - Number(fold.upto_ms)) / 1000).toFixed(0)} s before now` : 'nothing'}`,
  );

  // ---- the app and the agent's session ------------------------------------------------------------
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    TENANT_CODE: 'demo',
    WEB_DIST: '/nonexistent',
  });
  const app = await build({
    config,
    database: { ...database, db: traced(database.db) },
    clock,
    logLevel: 'warn',
  });
  try {
    const token = await createSession(database.db, {
      tenantId,
      userId: a.rootId,
      ip: '127.0.0.1',
      userAgent: 'bench/agent',
      now: nowMs,
    });
    const cookie = `sid=${token}`;
    const callOn = async <T>(
      target: FastifyInstance,
      path: string,
      query: Record<string, string | number>,
    ): Promise<T> => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const res = await target.inject({ method: 'GET', url: `/v1/${path}?${qs}`, headers: { cookie } });
      const body = res.json() as { code: number; msg: string; data?: T };
      if (body.code !== 1) throw new Error(`${path}?${qs} answered ${body.code} ${body.msg}`);
      return body.data as T;
    };
    const call = <T>(path: string, query: Record<string, string | number>) => callOn<T>(app, path, query);

    /** The five calls; childReport has no seven days (its dropdown), so it runs last week there. */
    const CALLS = [
      {
        name: 'agentReportTeamData',
        path: 'report/agentReport/agentReportTeamData',
        page: false,
        seven: 'sevenDays',
      },
      { name: 'userAgentReport', path: 'users/agentReport/userAgentReport', page: true, seven: 'sevenDays' },
      { name: 'childReport', path: 'users/childReport', page: true, seven: 'lastWeek' },
      { name: 'userProfit', path: 'users/userReport/userProfit', page: false, seven: 'sevenDays' },
      { name: 'getAgentBetData', path: 'betting/getAgentBetData', page: true, seven: 'sevenDays' },
    ] as const;
    type Job = { call: (typeof CALLS)[number]; period: ReportPeriod; key: string };
    const jobs: Job[] = CALLS.flatMap((c) =>
      PERIODS.map((p) => {
        const period = (p === 'sevenDays' ? c.seven : p) as ReportPeriod;
        return { call: c, period, key: `${c.name} ${period}` };
      }),
    );
    const runOn = (target: FastifyInstance, job: Job) =>
      callOn<unknown>(
        target,
        job.call.path,
        job.call.page ? { period: job.period, pageNum: 1, pageSize: 20 } : { period: job.period },
      );
    const run = (job: Job) => runOn(app, job);
    /** Every call-period RUNS times, round robin (a busy minute hits all alike), after warm-up rounds. */
    /** A call that fails (e.g. the pool's statement timeout: 系统繁忙) is recorded and not run again. */
    const failures = new Map<string, string>();
    const timeAll = async (target: FastifyInstance): Promise<Map<string, number[]>> => {
      const spent = new Map<string, number[]>(jobs.map((j) => [j.key, []]));
      const attempt = async (job: Job): Promise<number | undefined> => {
        if (failures.has(job.key)) return undefined;
        const started = performance.now();
        try {
          await runOn(target, job);
        } catch (error) {
          const ms = performance.now() - started;
          failures.set(
            job.key,
            `${(error as Error).message.replace(/^\S+ answered /, 'answered ')} after ${(ms / 1000).toFixed(1)} s`,
          );
          log(`  ${job.key} FAILED: ${failures.get(job.key)}`);
          return undefined;
        }
        return performance.now() - started;
      };
      for (let round = 0; round < WARMUP_ROUNDS; round++) for (const job of jobs) await attempt(job);
      for (let round = 0; round < RUNS; round++) {
        for (const job of jobs) {
          const ms = await attempt(job);
          if (ms !== undefined) spent.get(job.key)!.push(ms);
        }
      }
      return spent;
    };

    log(
      `timing ${jobs.length} call-periods × ${RUNS} runs (round robin, after ${WARMUP_ROUNDS} warm-up rounds) ...`,
    );
    const loadBeforeRuns = loadavg()[0]!;
    const times = await timeAll(app);
    const loadAfterRuns = loadavg()[0]!;

    // ---- what-if: the same calls on a pool whose sessions carry other settings (diagnosis only) ---
    let whatIf: Map<string, number[]> | undefined;
    const whatIfLoad: number[] = [];
    if (WHATIF_OPTIONS) {
      const other = await createDb({
        url: BENCH_URL,
        poolSize: 4,
        searchPath: `${schema} ${WHATIF_OPTIONS}`,
      });
      const otherApp = await build({ config, database: other, clock, logLevel: 'warn' });
      try {
        log(`what-if: timing again with the app's sessions started with "${WHATIF_OPTIONS}" ...`);
        whatIfLoad.push(loadavg()[0]!);
        whatIf = await timeAll(otherApp);
        whatIfLoad.push(loadavg()[0]!);
      } finally {
        await otherApp.close();
        await other.close();
      }
    }

    // ---- the naive baseline, timed, and every figure checked against the service -----------------
    const naiveTimes = new Map<ReportPeriod, number[]>();
    const checks: string[] = [];
    type Figures = Record<'deposit' | 'withdraw' | 'bet' | 'win' | 'rebate' | 'activity' | 'profit', string>;
    const figuresOf = (s: {
      deposit: bigint;
      withdraw: bigint;
      bet: bigint;
      win: bigint;
      rebate: bigint;
      activity: bigint;
    }): Figures => ({
      deposit: formatMoney(s.deposit),
      withdraw: formatMoney(s.withdraw),
      bet: formatMoney(s.bet),
      win: formatMoney(s.win),
      rebate: formatMoney(s.rebate),
      activity: formatMoney(s.activity),
      profit: formatMoney(s.win + s.rebate + s.activity - s.bet),
    });
    const same = (what: string, service: unknown, naive: unknown) => {
      if (JSON.stringify(service) !== JSON.stringify(naive))
        throw new Error(
          `${what}: the service and the naive query differ\n service ${JSON.stringify(service)}\n naive   ${JSON.stringify(naive)}`,
        );
    };
    /** A check whose service call fails (statement timeout) is reported as not made, not as equal. */
    const unchecked: string[] = [];
    const tryCall = async <T>(what: string, path: string, query: Record<string, string | number>) => {
      try {
        return await call<T>(path, query);
      } catch (error) {
        unchecked.push(`${what} (${(error as Error).message.replace(/^\S+ answered /, 'answered ')})`);
        log(`  could not check ${unchecked.at(-1)}`);
        return undefined;
      }
    };
    for (const period of PERIODS) {
      const { fromMs, toMs } = reportRange(period, nowMs);
      await naiveTeam(client, a.rootId, fromMs, toMs); // warm-up
      let result: NaiveTeam | undefined;
      const spent: number[] = [];
      for (let i = 0; i < NAIVE_RUNS; i++) {
        const started = performance.now();
        result = await naiveTeam(client, a.rootId, fromMs, toMs);
        spent.push(performance.now() - started);
      }
      naiveTimes.set(period, spent);
      const nv = result!;
      const service = await tryCall<{
        figures: Figures;
        teamCount: number;
        directCount: number;
        newMembers: number;
        betMembers: number;
        firstDepositMembers: number;
        teamBalance: string;
      }>(`agentReportTeamData ${period}`, 'report/agentReport/agentReportTeamData', { period });
      if (service)
        same(`agentReportTeamData ${period}`, service, {
          ...service,
          figures: figuresOf({
            deposit: nv.depositMinor,
            withdraw: nv.withdrawMinor,
            bet: nv.betMinor,
            win: nv.winMinor,
            rebate: nv.rebateMinor,
            activity: nv.activityMinor,
          }),
          teamCount: nv.teamCount,
          directCount: nv.directCount,
          newMembers: nv.newMembers,
          betMembers: nv.betMembers,
          firstDepositMembers: nv.firstDepositMembers,
          teamBalance: formatMoney(nv.teamBalanceMinor),
        });
      if (nv.betMinor === 0n && period !== 'today')
        throw new Error(`no bets in ${period}: the data is wrong`);
      // userAgentReport: each listed downline's team, and the whole team with the agent itself
      const branches = await naivePerBranch(client, a.rootId, fromMs, toMs);
      const page = await tryCall<{
        rows: { userId: number; figures: Figures }[];
        total: number;
        team: Figures;
      }>(`userAgentReport ${period}`, 'users/agentReport/userAgentReport', {
        period,
        pageNum: 1,
        pageSize: 100,
      });
      if (page && (page.total !== a.directCount || page.rows.length !== a.directCount))
        throw new Error(`userAgentReport ${period}: ${page.total} downlines, ${a.directCount} expected`);
      const zero = { deposit: 0n, withdraw: 0n, bet: 0n, win: 0n, rebate: 0n, activity: 0n };
      for (const row of page?.rows ?? [])
        same(
          `userAgentReport ${period} downline ${row.userId}`,
          row.figures,
          figuresOf(branches.get(row.userId) ?? zero),
        );
      // getAgentBetData: count and sums of the team's bets, and the newest page
      const bets = await tryCall<{ rows: { id: string }[]; total: number; betMoney: string; bonus: string }>(
        `getAgentBetData ${period}`,
        'betting/getAgentBetData',
        {
          period,
          pageNum: 1,
          pageSize: 20,
        },
      );
      const nb = await naiveBets(client, a.rootId, fromMs, toMs);
      if (bets)
        same(
          `getAgentBetData ${period}`,
          { total: bets.total, betMoney: bets.betMoney, bonus: bets.bonus, ids: bets.rows.map((r) => r.id) },
          {
            total: nb.total,
            betMoney: formatMoney(nb.amountMinor),
            bonus: formatMoney(nb.bonusMinor),
            ids: nb.newestIds,
          },
        );
      const naiveFigures = figuresOf({
        deposit: nv.depositMinor,
        withdraw: nv.withdrawMinor,
        bet: nv.betMinor,
        win: nv.winMinor,
        rebate: nv.rebateMinor,
        activity: nv.activityMinor,
      });
      checks.push(
        `${period}: team bet ${naiveFigures.bet}, win ${naiveFigures.win}, rebate ${naiveFigures.rebate}, ` +
          `${n(nv.betMembers)} members bet, ${n(nb.total)} bets`,
      );
      log(`naive ${period}: p50 ${pct(spent, 50).toFixed(0)} ms; ${checks.at(-1)}`);
    }

    if (PROFILE) {
      tracing.on = true;
      for (const job of jobs) {
        console.error(`\n==== ${job.key}`);
        await run(job);
      }
      tracing.on = false;
    }

    // ---- report ---------------------------------------------------------------------------------
    const rows = jobs.map((j) => {
      const t = times.get(j.key)!;
      const failure = failures.get(j.key);
      return failure || t.length === 0
        ? {
            job: j,
            p50: Number.NaN,
            p95: Number.POSITIVE_INFINITY,
            max: Number.NaN,
            failure: failure ?? 'no run',
          }
        : { job: j, p50: pct(t, 50), p95: pct(t, 95), max: Math.max(...t), failure: undefined };
    });
    const over = rows.filter((r) => r.p95 >= AIM_MS);
    for (const r of rows)
      if (r.failure) log(`${r.job.key.padEnd(32)} FAILED: ${r.failure}`);
      else
        log(
          `${r.job.key.padEnd(32)} p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  max ${r.max.toFixed(1).padStart(7)} ms`,
        );
    for (const p of PERIODS) {
      const t = naiveTimes.get(p)!;
      log(
        `${`naive team data ${p}`.padEnd(32)} p50 ${pct(t, 50).toFixed(1).padStart(7)}  p95 ${pct(t, 95).toFixed(1).padStart(7)}  max ${Math.max(
          ...t,
        )
          .toFixed(1)
          .padStart(7)} ms`,
      );
    }
    log(
      over.length === 0
        ? `every call under the aim (p95 < ${AIM_MS} ms)`
        : `OVER the aim: ${over.map((r) => r.job.key).join(', ')}`,
    );

    const beijing = new Date(nowMs + 8 * 3_600_000).toISOString().slice(11, 16);
    const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);
    const factor = (v: number) => (Number.isFinite(v) ? `${v >= 10 ? v.toFixed(0) : v.toFixed(1)}×` : '–');
    let whatIfMd = '';
    if (whatIf) {
      const lines = rows.map((r) => {
        const t = whatIf.get(r.job.key)!;
        if (t.length === 0) return `| ${r.job.call.name} | ${r.job.period} | not run | | | |`;
        log(
          `what-if ${r.job.key.padEnd(32)} p50 ${pct(t, 50).toFixed(1).padStart(7)}  p95 ${pct(t, 95).toFixed(1).padStart(7)}  max ${Math.max(
            ...t,
          )
            .toFixed(1)
            .padStart(7)} ms`,
        );
        return `| ${r.job.call.name} | ${r.job.period} | ${ms(pct(t, 50))} | ${ms(pct(t, 95))} | ${ms(Math.max(...t))} | ${ms(r.p95)} |`;
      });
      whatIfMd = `
What-if, same run and data (diagnosis, not the code as shipped): the same calls on a second pool whose sessions start with
\`${WHATIF_OPTIONS}\` (\`BENCH_WHATIF_PG_OPTIONS\`), timed the same way after the table above (1-minute load average
${whatIfLoad[0]?.toFixed(1)}-${whatIfLoad[1]?.toFixed(1)} during it: compare with the load of the timed runs before reading a gain into it).

| call | period | p50 | p95 | max | p95 as shipped |
|---|---|---:|---:|---:|---:|
${lines.join('\n')}
`;
    }
    const table = rows
      .map((r) => {
        const naive = r.job.call.name === 'agentReportTeamData' ? naiveTimes.get(r.job.period) : undefined;
        const vs = naive ? ` | ${ms(pct(naive, 50))} (${factor(pct(naive, 50) / r.p50)})` : ' | ';
        if (r.failure) return `| ${r.job.call.name} | ${r.job.period} | **fails**: ${r.failure} | | ${vs} |`;
        return `| ${r.job.call.name} | ${r.job.period} | ${ms(r.p50)} | ${r.p95 >= AIM_MS ? `**${ms(r.p95)}**` : ms(r.p95)} | ${ms(r.max)}${vs} |`;
      })
      .join('\n');
    const naiveTable = PERIODS.map((p) => {
      const t = naiveTimes.get(p)!;
      return `| naive team data (recursive walk + raw ledger) | ${p} | ${ms(pct(t, 50))} | ${ms(pct(t, 95))} | ${ms(Math.max(...t))} | |`;
    }).join('\n');
    const txnRows = Object.entries(seeded.rows)
      .filter(([k]) => k.startsWith('txn '))
      .map(([k, v]) => `${k.slice(4)} × ${n(v)}`)
      .join(', ');
    if (DRY) log('BENCH_DRY: docs/bench.md not written');
    else {
      writeBenchBlock(
        'agent',
        'team report',
        `
\`npx tsx bench/agent/team-report.ts\` — ${new Date(nowMs).toISOString().slice(0, 10)}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}) shared
(1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadBeforeRuns.toFixed(1)}-${loadAfterRuns.toFixed(1)} during the timed runs, ${loadavg()[0]!.toFixed(1)} at the end),
PostgreSQL ${pgInfo.version} at \`${new URL(BENCH_URL).host}\` (shared_buffers ${pgInfo.shared_buffers}, work_mem ${appWorkMem}, ${pgInfo.parallel} parallel workers per gather), ${meta ? `the schema of a run on ${new Date(nowMs).toISOString().slice(0, 16)} UTC kept and reused (\`BENCH_SCHEMA\`, its clock)` : 'fresh schema'}.

Data (bench/agent/seed.ts, set-based through the real tables, ${seconds(seedMs)} with a vacuum analyze): a top agent with **${n(a.members)}
members below it** (${n(a.agents)} agents, ${a.levels} levels, ${a.directCount} direct downlines, 5-30 children per agent) and a second,
unrelated tree of ${n(b.members)} in the same tenant; **${n(seeded.rows.bet!)} settled bets** (${n(BETS)} by the first tree) on 1-, 5- and 10-minute
K3 over ${DAYS} Beijing days up to now (${beijing} Beijing time, frozen for the run; ${n(seeded.betsPerDay.min)}-${n(seeded.betsPerDay.max)} bets a day,
${n(seeded.betsPerDay.today)} today so far; ${n(seeded.newInWindow)} of the top agent's members registered in the window), with the ledger rows the real code writes:
${txnRows} transactions (${n(ledger.entries)} entries; the ledger audit's invariants hold, and no player balance was ever below zero). The real daily job
(\`agentReportDaily\`) aggregated ${aggregatedDays} closed days (since the oldest entry) in ${seconds(jobMs)}: ${n(dailyRows)} user-day rows${
          meta ? `; on this run its call (new days, rollups, the fold) took ${seconds(thisJobMs)}` : ''
        }; team rollup (ADR 0703) ${n(teamRows)} ancestor-day rows over the last ${teamDays} days; today folded up to ${
          fold ? `${((nowMs - Number(fold.upto_ms)) / 1000).toFixed(0)} s before the frozen now` : '(nothing)'
        }.

Each call goes through the app (\`build()\`, \`inject\` with the top agent's session: route, zod, service, SQL, envelope),
${RUNS} timed runs per call and period round robin after ${WARMUP_ROUNDS} warm-up rounds; pages are page 1 of 20.
childReport has no seven days in its dropdown: it runs last week there. The naive column is the same team figures
(agentReportTeamData: money, members, new, betting and first-deposit counts, team balance) from a \`WITH RECURSIVE\` walk
of \`users.parent_id\` joined to the raw ledger, no closure table and no aggregates (bench/agent/naive.ts), ${NAIVE_RUNS} runs
after one warm-up, with its own connection; the factor is naive p50 ÷ service p50.

| call | period | p50 | p95 | max | naive p50 (factor) |
|---|---|---:|---:|---:|---:|
${table}
${naiveTable}

Checked in the run, for every period: the naive query's team figures and counts equal agentReportTeamData's; each direct
downline's team figures in userAgentReport equal a naive walk from that downline; getAgentBetData's count, sums and newest
page equal a naive walk over \`bet\` (money compared as the wire shows it, to the cent)${
          unchecked.length > 0 ? `; not checked because the call failed: ${unchecked.join(', ')}` : ''
        }. ${checks.join('; ')}.
Aim: p95 < ${AIM_MS} ms per call: ${over.length === 0 ? 'met by every call' : `**not met** by ${over.map((r) => r.job.key).join(', ')}`}.
${whatIfMd}`,
      );
      log('docs/bench.md: agent/team report written');
    }
  } finally {
    await app.close();
  }
} finally {
  await client.end();
  if (process.env.BENCH_KEEP || REUSE) {
    await database.close();
    console.log(`BENCH_KEEP: schema ${schema} kept (DROP SCHEMA ${schema} CASCADE when done)`);
  } else await drop();
}

/** A schema an earlier run kept: migrated to the current code (new migrations apply), never dropped. */
async function keptSchema(name: string) {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`BENCH_SCHEMA ${name}: not a bench schema`);
  const database = await createDb({ url: BENCH_URL, poolSize: 4, searchPath: name });
  await migrate(database);
  return { database, schema: name, drop: () => database.close() };
}

/** Nearest-rank percentile. */
function pct(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
