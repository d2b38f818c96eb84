/**
 * Betting bench: bets placed per second through HTTP (POST /v1/betting/addBetting, the web's
 * form body, session cookie) with autocannon, on PostgreSQL. Each request is a fresh bet (own
 * idempotency key) of one 2-yuan line on the K3 issue on sale, from one of PLAYERS funded
 * players. Every accepted bet is a recount + reprice + one transaction (bet row, line, 302 debit).
 * Rounds alternate with pgbench TPC-B on a private database of the same server, each as long, so
 * both see the same machine; the ratio bets/s ÷ pgbench tps is printed (aim: at least 0.6). The
 * ledger audit must hold after the run. Writes docs/bench.md, section "betting", block "place".
 *
 * The server runs as BENCH_WORKERS processes (node:cluster, one shared port; default 1, as
 * `npm start` runs it); the load generator is a process of its own, as pgbench's client is.
 *
 *   npx tsx bench/betting/place.ts      # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_WORKERS=1 BENCH_ROUNDS=2 npx tsx bench/betting/place.ts
 *   BENCH_PROFILE=/tmp/prof BENCH_WORKERS=1 npx tsx bench/betting/place.ts   # CPU profiles of the server
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
import pg from 'pg';
import { build } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/client';
import { seedDemoTenant } from '../../apps/server/src/db/seed';
import { passwordDigest } from '../../apps/server/src/modules/auth/index';
import { fund } from '../../apps/server/src/modules/betting/testing';
import { auditLedger } from '../../apps/server/src/modules/wallet/index';
import type { LoadJob, LoadResult } from './load';
import {
  BENCH_URL,
  backendPids,
  benchSchema,
  cpuMsOf,
  forkLoad,
  type PgbenchResult,
  pgbenchTpcb,
  writeBettingBlock,
} from './report';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARM_UP_SECONDS = 3;
const POOL_TOTAL = 20;
const APP_NAME = 'bench_betting_place';
const PGBENCH_CLIENTS = 8; // as bench/wallet/debits.ts, so the two ratios compare
const LOTTERY = '1410'; // 10-minute K3: the issue stays on sale through the run
const lottery = lotteryByCode(LOTTERY)!;

const appConfig = () =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', TENANT_CODE: 'demo', WEB_DIST: '/nonexistent' });

interface WorkerJob {
  schema: string;
  clockMs: number;
  port: number;
  poolSize: number;
}

/** What a server process did between a 'mark' and a 'report': statements sent, CPU used. */
interface WorkerCounts {
  queries: number;
  cpuMicros: number;
}

/**
 * Counts every statement the process sends to PostgreSQL (BEGIN and COMMIT included): each is one
 * round trip, since node-postgres does not pipeline.
 */
function countQueries(): () => number {
  let queries = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    queries++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return () => queries;
}

/** A server process: the app on the bench schema, listening on the cluster's shared port. */
async function serve(job: WorkerJob): Promise<void> {
  const queries = countQueries();
  let mark = { queries: 0, cpu: process.cpuUsage() };
  // named, so the primary finds these sessions' backends and counts their CPU
  const url = new URL(BENCH_URL);
  url.searchParams.set('application_name', APP_NAME);
  const database = await createDb({ url: url.toString(), poolSize: job.poolSize, searchPath: job.schema });
  const clock = new ManualClock();
  clock.set(job.clockMs);
  const app = await build({ config: appConfig(), database, clock, logLevel: 'warn' });
  await app.listen({ port: job.port, host: '127.0.0.1' });
  process.on('message', (m) => {
    if (m === 'mark') mark = { queries: queries(), cpu: process.cpuUsage() };
    if (m === 'report') {
      const cpu = process.cpuUsage(mark.cpu);
      const counts: WorkerCounts = { queries: queries() - mark.queries, cpuMicros: cpu.user + cpu.system };
      process.send!(counts);
    }
    if (m !== 'stop') return;
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.send!('ready');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startWorkers(job: WorkerJob, count: number): Promise<Worker[]> {
  // BENCH_PROFILE=dir: each server process writes a V8 CPU profile there when it stops
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  cluster.setupPrimary({ execArgv: ['--import', 'tsx', ...profile] });
  const workers = Array.from({ length: count }, () => cluster.fork({ BENCH_WORKER: JSON.stringify(job) }));
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          w.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(String(m)))));
          w.once('exit', (code) => reject(new Error(`server worker exited with ${code}`)));
        }),
    ),
  );
  return workers;
}

async function stopWorkers(workers: Worker[]): Promise<void> {
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          w.once('exit', () => resolve());
          w.send('stop');
        }),
    ),
  );
}

function askWorkers(workers: Worker[], message: 'mark' | 'report'): Promise<WorkerCounts[]> {
  if (message === 'mark') {
    for (const w of workers) w.send('mark');
    return Promise.resolve([]);
  }
  return Promise.all(
    workers.map(
      (w) =>
        new Promise<WorkerCounts>((resolve) => {
          w.once('message', (m) => resolve(m as WorkerCounts));
          w.send('report');
        }),
    ),
  );
}

/** autocannon in a child process (bench/betting/load.ts), as pgbench runs in its own. */
const runLoad = (job: LoadJob) => forkLoad<LoadJob, LoadResult>(new URL('./load.ts', import.meta.url), job);

/** Registers and funds the players through the app (in this process), returns their cookies. */
async function preparePlayers(
  database: Awaited<ReturnType<typeof benchSchema>>['database'],
  clock: ManualClock,
) {
  const app = await build({
    config: appConfig(),
    database,
    clock,
    logLevel: 'warn',
    limits: { registerPerIp: 1_000_000 },
  });
  try {
    const tenantId = (await app.ctx.tenant.get())!.id;
    const cookies: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const userName = `bench${i}`;
      const res = await app.inject({
        method: 'POST',
        url: '/v1/users/register',
        payload: new URLSearchParams({
          userName,
          password: passwordDigest(userName, 'Bench@2026'),
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const body = res.json() as { code: number; data: { userId: number } };
      if (body.code !== 1) throw new Error(res.body);
      await fund(database.db, tenantId, Number(body.data.userId), 1_000_000);
      cookies.push(`sid=${res.cookies.find((c) => c.name === 'sid')!.value}`);
    }
    return cookies;
  } finally {
    await app.close();
  }
}

interface Round {
  betsPerSecond: number;
  /** Statements to PostgreSQL per accepted bet, session lookup included; server CPU ms per bet. */
  queriesPerBet: number;
  cpuMsPerBet: number;
  /** CPU ms per bet of the server processes and their PostgreSQL backends together. */
  totalCpuMsPerBet: number;
  load: LoadResult;
  pgbench: PgbenchResult;
}

async function main(): Promise<void> {
  const loadAverage = loadavg()[0]!;
  const { database, schema, drop } = await benchSchema(4);
  let workers: Worker[] = [];
  try {
    // A fixed clock 30 s into an issue: the run measures throughput, not issue rollover.
    const clock = new ManualClock();
    clock.set(issueAfter(lottery, currentIssue(lottery, Date.now())).startMs + 30_000);
    await seedDemoTenant(database, clock);
    const cookies = await preparePlayers(database, clock);
    const port = await freePort();
    workers = await startWorkers(
      { schema, clockMs: clock.now(), port, poolSize: Math.ceil(POOL_TOTAL / WORKERS) },
      WORKERS,
    );
    const bettingData = JSON.stringify([
      {
        lotteryCode: LOTTERY,
        playDetailCode: `${LOTTERY}A10`,
        bettingNumber: '10',
        bettingCount: 1,
        bettingAmount: '2.00',
        bettingPoint: '0',
        bettingUnit: '1',
        bettingIssue: currentIssue(lottery, clock.now()).issue,
        graduationCount: 1,
      },
    ]);
    // Warm-up (not recorded), as reads.ts does: JIT and each pooled connection's prepared bet
    // statement, as in a server that has run a while (a cold first round came out 15 % slower).
    await runLoad({
      url: `http://127.0.0.1:${port}/v1/betting/addBetting`,
      connections,
      seconds: WARM_UP_SECONDS,
      cookies,
      bettingData,
    });
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      await askWorkers(workers, 'mark');
      const backendsAtMark = new Map(
        (await backendPids({ applicationName: APP_NAME })).map((pid) => [pid, cpuMsOf(pid)]),
      );
      const load = await runLoad({
        url: `http://127.0.0.1:${port}/v1/betting/addBetting`,
        connections,
        seconds,
        cookies,
        bettingData,
      });
      const counts = await askWorkers(workers, 'report');
      let backendCpuMs = 0;
      for (const pid of await backendPids({ applicationName: APP_NAME }))
        backendCpuMs += cpuMsOf(pid) - (backendsAtMark.get(pid) ?? 0);
      const pgbench = await pgbenchTpcb(PGBENCH_CLIENTS, seconds);
      const betsPerSecond = load.accepted / seconds;
      const perBet = (n: number) => n / Math.max(1, load.accepted);
      const queriesPerBet = perBet(counts.reduce((s, c) => s + c.queries, 0));
      const cpuMsPerBet = perBet(counts.reduce((s, c) => s + c.cpuMicros, 0)) / 1000;
      const totalCpuMsPerBet = cpuMsPerBet + perBet(backendCpuMs);
      rounds.push({ betsPerSecond, queriesPerBet, cpuMsPerBet, totalCpuMsPerBet, load, pgbench });
      console.log(
        `round ${r + 1}: ${load.accepted} bets in ${seconds} s = ${betsPerSecond.toFixed(0)} bets/s (p50 ${load.latencyP50} ms, p99 ${load.latencyP99} ms, refused ${JSON.stringify(load.refused)}; ${queriesPerBet.toFixed(2)} statements and ${cpuMsPerBet.toFixed(2)} server CPU ms per bet, ${totalCpuMsPerBet.toFixed(2)} with its backends); pgbench TPC-B ${pgbench.tps.toFixed(0)} tps, ${pgbench.cpuMsPerTx.toFixed(2)} CPU ms per transaction with its backends; ratio ${(betsPerSecond / pgbench.tps).toFixed(2)}, by CPU ${(pgbench.cpuMsPerTx / totalCpuMsPerBet).toFixed(2)}`,
      );
    }
    await stopWorkers(workers);
    workers = [];
    const audit = await auditLedger(database.db);
    if (!audit.ok) throw new Error('ledger audit failed after the run');
    const bets = rounds.reduce((s, r) => s + r.betsPerSecond, 0);
    const tps = rounds.reduce((s, r) => s + r.pgbench.tps, 0);
    const ratio = bets / tps;
    const cpuRatio =
      rounds.reduce((s, r) => s + r.pgbench.cpuMsPerTx, 0) /
      rounds.reduce((s, r) => s + r.totalCpuMsPerBet, 0);
    console.log(
      `all rounds: ${(bets / rounds.length).toFixed(0)} bets/s, pgbench ${(tps / rounds.length).toFixed(0)} tps; ratio ${ratio.toFixed(2)} (aim ≥ 0.6), by CPU ${cpuRatio.toFixed(2)}; ledger audit ok`,
    );
    writeReport(rounds, ratio, cpuRatio, loadAverage);
    console.log('docs/bench.md: betting/place written');
  } finally {
    if (workers.length > 0) await stopWorkers(workers);
    await drop();
  }
}

function writeReport(rounds: Round[], ratio: number, cpuRatio: number, loadAverage: number): void {
  const pgb = rounds[0]!.pgbench;
  const rows = rounds.map(
    (r, i) =>
      `| ${i + 1} | **${r.betsPerSecond.toFixed(0)}** | ${r.pgbench.tps.toFixed(0)} | ${(r.betsPerSecond / r.pgbench.tps).toFixed(2)} | ${r.queriesPerBet.toFixed(2)} | ${r.cpuMsPerBet.toFixed(2)} ms | ${r.totalCpuMsPerBet.toFixed(2)} ms | ${r.pgbench.cpuMsPerTx.toFixed(2)} ms | ${(r.pgbench.cpuMsPerTx / r.totalCpuMsPerBet).toFixed(2)} | ${r.load.accepted} | ${r.load.refused.reduce((a, [, n]) => a + n, 0)} | ${r.load.latencyP50} ms | ${r.load.latencyP99} ms |`,
  );
  writeBettingBlock(
    'place',
    `
\`npx tsx bench/betting/place.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}) shared with other work (1-minute load average ${loadAverage.toFixed(1)} at the start),
autocannon (its own process) → the Fastify app (build(), ${WORKERS} cluster worker(s) on one port, pools of ${Math.ceil(POOL_TOTAL / WORKERS)}) → PostgreSQL at \`${new URL(BENCH_URL).host}\`, all on one host.
${connections} connections for ${seconds} s per round after a ${WARM_UP_SECONDS} s warm-up, ${PLAYERS} players; each request is a new bet (own idempotency key) of one
2-yuan K3 line, recounted, repriced and written with its 302 debit in one transaction. Each round is followed by
pgbench TPC-B on a private database \`bench_pgbench\` of the same server (\`${pgb.command}\`, ${pgb.version}), as long.
Ledger audit checked after the run. Statements per bet: every statement the server processes sent
to PostgreSQL during the round (session lookup, BEGIN and COMMIT included) ÷ bets accepted.
CPU: user + system time from /proc of the server processes and of their PostgreSQL backends during
the round, ÷ bets; for pgbench, of its process and its backends (sampled every 200 ms) ÷ transactions.
The ratio by CPU (pgbench CPU per transaction ÷ CPU per bet) is what the ratio would be if each had
the machine to itself, CPU-bound; it moves much less than req/s when other work shares the machine.

| round | bets accepted / s | pgbench TPC-B tps | ratio | statements / bet | server CPU / bet | with its backends | pgbench CPU / tx (with backends) | ratio by CPU | bets accepted | refused | latency p50 | latency p99 |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Ratio over all rounds (sum of bets/s ÷ sum of pgbench tps): **${ratio.toFixed(2)}** (aim ≥ 0.6); by CPU **${cpuRatio.toFixed(2)}**.
`,
  );
}

if (cluster.isPrimary) await main();
else await serve(JSON.parse(process.env.BENCH_WORKER!) as WorkerJob);
