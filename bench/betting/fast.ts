/**
 * Fast-bet bench: instant rounds per second through HTTP (POST /v1/betting/addFastBetting, the
 * web's form body with an empty issue and the timestamp, session cookie) with autocannon, on
 * PostgreSQL. Each request is a new round (own idempotency key) of one 2-yuan 和值 line on 极速快三
 * (1401) from one of PLAYERS funded players: recount + reprice, then one transaction that locks the
 * player's seed, draws, writes the settled bet, debits 302 and credits 205/501/204. The ledger
 * audit must hold after the run. Writes docs/bench.md, section "betting", block "fast".
 *
 * The server runs in this process (build(), one pool); autocannon runs in a child process (this
 * file again, with BENCH_FAST_LOAD set), so the server's event loop does not parse its replies.
 *
 *   npx tsx bench/betting/fast.ts      # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_PLAYERS=50 npx tsx bench/betting/fast.ts
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { build } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoTenant } from '../../apps/server/src/db/seed';
import { passwordDigest } from '../../apps/server/src/modules/auth/index';
import { fund } from '../../apps/server/src/modules/betting/testing';
import { auditLedger } from '../../apps/server/src/modules/wallet/index';
import { BENCH_URL, benchSchema, forkLoad, writeBettingBlock } from './report';

interface FastLoadJob {
  url: string;
  connections: number;
  seconds: number;
  cookies: string[];
  bettingData: string;
  timestamp: number;
}
interface FastLoadResult {
  accepted: number;
  won: number;
  refused: [string, number][];
  latencyP50: number;
  latencyP99: number;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const POOL = 20;
const LOTTERY = '1401';

const appConfig = () =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', TENANT_CODE: 'demo', WEB_DIST: '/nonexistent' });

/** The load side: autocannon, one new round (own key) per request. */
async function load(job: FastLoadJob): Promise<void> {
  // @ts-expect-error autocannon ships no types
  const { default: autocannon } = await import('autocannon');
  let seq = 0;
  let accepted = 0;
  let won = 0;
  const refused = new Map<string, number>();
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req: Record<string, unknown>) => {
          seq++;
          return {
            ...req,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: job.cookies[seq % job.cookies.length],
            },
            body: new URLSearchParams({
              bettingData: job.bettingData,
              timestamp: String(job.timestamp),
              idempotencyKey: `fast-bench-${seq}-${process.pid}`,
            }).toString(),
          };
        },
        onResponse: (_status: number, body: string) => {
          const { code, msg, data } = JSON.parse(body) as {
            code: number;
            msg: string;
            data?: { state: number };
          };
          if (code === 1) {
            accepted++;
            if (data?.state === 2) won++;
          } else refused.set(`${code} ${msg}`, (refused.get(`${code} ${msg}`) ?? 0) + 1);
        },
      },
    ],
  });
  const answer: FastLoadResult = {
    accepted,
    won,
    refused: [...refused],
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  };
  process.send!(answer);
  process.disconnect();
}

/** Counts every statement sent to PostgreSQL (BEGIN and COMMIT included). */
function countQueries(): () => number {
  let queries = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    queries++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return () => queries;
}

async function main(): Promise<void> {
  const loadAverage = loadavg()[0]!;
  const queries = countQueries();
  const { database, drop } = await benchSchema(POOL);
  try {
    const clock = new ManualClock();
    clock.set(Date.now());
    await seedDemoTenant(database, clock);
    const app = await build({
      config: appConfig(),
      database,
      clock,
      logLevel: 'warn',
      limits: { registerPerIp: 1_000_000 },
    });
    const tenantId = (await app.ctx.tenant.get())!.id;
    const cookies: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const userName = `fast${i}`;
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
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const bettingData = JSON.stringify([
      {
        lotteryCode: LOTTERY,
        playDetailCode: `${LOTTERY}A10`,
        bettingNumber: '10',
        bettingCount: 1,
        bettingAmount: '2.00',
        bettingPoint: '0',
        bettingUnit: '1',
        bettingIssue: '',
        graduationCount: 1,
      },
    ]);
    const queriesBefore = queries();
    const cpuBefore = process.cpuUsage();
    const result = await forkLoad<FastLoadJob, FastLoadResult>(new URL(import.meta.url), {
      url: `http://127.0.0.1:${port}/v1/betting/addFastBetting`,
      connections,
      seconds,
      cookies,
      bettingData,
      timestamp: Math.floor(clock.now() / 1000),
    });
    const cpu = process.cpuUsage(cpuBefore);
    const perRound = (n: number) => n / Math.max(1, result.accepted);
    const roundsPerSecond = result.accepted / seconds;
    const statements = perRound(queries() - queriesBefore);
    const serverCpuMs = perRound((cpu.user + cpu.system) / 1000);
    await app.close();
    const audit = await auditLedger(database.db);
    if (!audit.ok) throw new Error('ledger audit failed after the run');
    const refused = result.refused.reduce((a, [, n]) => a + n, 0);
    console.log(
      `${result.accepted} rounds in ${seconds} s = ${roundsPerSecond.toFixed(0)} rounds/s (won ${result.won}; p50 ${result.latencyP50} ms, p99 ${result.latencyP99} ms; refused ${JSON.stringify(result.refused)}; ${statements.toFixed(2)} statements and ${serverCpuMs.toFixed(2)} server CPU ms per round); ledger audit ok`,
    );
    writeBettingBlock(
      'fast',
      `
\`npx tsx bench/betting/fast.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}) shared with other work (1-minute load average ${loadAverage.toFixed(1)} at the start),
autocannon (its own process) → the Fastify app (build(), one process, pool of ${POOL}) → PostgreSQL at \`${new URL(BENCH_URL).host}\`, all on one host.
${connections} connections for ${seconds} s, ${PLAYERS} players; each request is a new fast-bet round (own idempotency key) of one
2-yuan 和值 line on 极速快三 (1401): recounted, repriced, then one transaction (seed lock + nonce, draw, settled bet and line,
302 debit, 205/501/204 credits, round record). Ledger audit checked after the run. Statements per round: every
statement the server sent to PostgreSQL during the run (session lookup, BEGIN and COMMIT included) ÷ rounds.

| rounds accepted / s | rounds accepted | of them won | refused | statements / round | server CPU / round | latency p50 | latency p99 |
|---:|---:|---:|---:|---:|---:|---:|---:|
| **${roundsPerSecond.toFixed(0)}** | ${result.accepted} | ${result.won} | ${refused} | ${statements.toFixed(2)} | ${serverCpuMs.toFixed(2)} ms | ${result.latencyP50} ms | ${result.latencyP99} ms |

Aim: ≥ 400 rounds/s (issue 11).
`,
    );
    console.log('docs/bench.md: betting/fast written');
  } finally {
    await drop();
  }
}

if (process.env.BENCH_LOAD) await load(JSON.parse(process.env.BENCH_LOAD) as FastLoadJob);
else await main();
