/**
 * Hot-read bench (issue 10): requests per second of the cached read calls every page makes, side
 * by side with a bare Fastify hello-world in the same run, on PostgreSQL. The ratio call ÷
 * hello-world is the figure (aim ≥ 0.6). Rounds alternate the targets so a busy minute on this
 * shared machine hits all of them alike. Writes docs/bench.md, section "api".
 *
 *   npx tsx bench/api/reads.ts        # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_SECONDS=8 BENCH_ROUNDS=2 BENCH_CONNECTIONS=32 npx tsx bench/api/reads.ts
 *
 * The app is the real one (build(): every plugin and hook, NODE_ENV=production), on a migrated,
 * seeded schema of its own, at LOG_LEVEL=warn (per-request info logs would measure pino, not the cache). Requests use
 * the web client's form: the enpath URL and `accept-encoding: gzip, deflate, br`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { encodeEnpath } from '@lottery/contract/enpath';
import Fastify from 'fastify';
import { build } from '../../apps/server/src/app';
import { systemClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoTenant } from '../../apps/server/src/db/seed';
import { passwordDigest } from '../../apps/server/src/modules/auth/index';
import { BENCH_URL, benchSchema, forkLoad } from '../betting/report';
import type { ReadLoadJob, ReadLoadResult } from './load';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LOTTERY = '1401'; // 1-minute K3

/**
 * The calls measured: path after /v1/ (sent in enpath form), what the call is, and whether it is a
 * signed-in player's (sent with the bench player's session cookie).
 */
const CALLS: { path: string; what: string; signedIn?: boolean }[] = [
  { path: 'management/content/getAllLotteryDataFront', what: 'lottery catalogue (13 KB JSON)' },
  { path: 'management/tenant/getTenantConfig', what: 'tenant config' },
  { path: 'management/tenant/getFrontCacheUpdatedAt', what: 'cache stamps' },
  { path: `lottery/openResult?lotteryCode=${LOTTERY}&dataNum=10`, what: 'open results (10)' },
  { path: `betting/nextIssueOpenData?lotteryCode=${LOTTERY}`, what: 'next issue data' },
  { path: 'betting/getBetRebate?lotteryType=1', what: "the player's rebate table (K3)", signedIn: true },
  { path: 'betting/getServerTimeMillisecond', what: 'server time' },
];

function enpathUrl(origin: string, path: string): string {
  const q = path.indexOf('?');
  const bare = q === -1 ? path : path.slice(0, q);
  return `${origin}/v1/enpath/${encodeEnpath(bare)}${q === -1 ? '' : path.slice(q)}`;
}

const runLoad = (job: ReadLoadJob) =>
  forkLoad<ReadLoadJob, ReadLoadResult>(new URL('./load.ts', import.meta.url), job);

/**
 * Replaces (or appends) the `### hot reads` block of the `## api` section of docs/bench.md, up to
 * the next heading; the section's other blocks (written by hand or by other benches) stay.
 */
function writeApiSection(markdown: string): void {
  const file = fileURLToPath(new URL('../../docs/bench.md', import.meta.url));
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = `## api\n\n${markdown.trim()}\n`;
  const pattern = /## api\n\n### hot reads[\s\S]*?(?=\n##+ |$)/;
  const next = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));

const { database, drop } = await benchSchema(10);
await seedDemoTenant(database, systemClock);
// As an operator runs it: in production a reply is serialised once (outside it, each reply is
// also stringified whole to catch a field its schema lacks: http/compilers.ts `wholeReply`).
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  TENANT_CODE: 'demo',
  WEB_DIST: '/nonexistent',
});
const app = await build({ config, database, logLevel: 'warn', scheduler: { lotteries: [LOTTERY] } });
try {
  await app.scheduler.tick(); // the chain and the latest issue drawn, so results are not empty
  const helloOrigin = await hello.listen({ port: 0, host: '127.0.0.1' });
  const appOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  // a player of the demo tenant, signed in through the app (its session cookie)
  const registered = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    payload: new URLSearchParams({
      userName: 'benchreads',
      password: passwordDigest('benchreads', 'Bench@2026'),
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const sid = registered.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error(`registering the bench player: ${registered.body}`);
  const headersOf = (call: { signedIn?: boolean }) =>
    call.signedIn ? { ...headers, cookie: `sid=${sid.value}` } : headers;

  for (const call of CALLS) {
    const res = await fetch(enpathUrl(appOrigin, call.path), { headers: headersOf(call) });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 1) throw new Error(`${call.path} answered ${body.code} ${body.msg}`);
  }

  const targets = [{ name: 'hello', url: `${helloOrigin}/`, headers }].concat(
    CALLS.map((c) => ({ name: c.path, url: enpathUrl(appOrigin, c.path), headers: headersOf(c) })),
  );
  // Warm-up (not recorded): JIT, connection pools and caches of every target, as a server that has run a while.
  for (const target of targets)
    await runLoad({ url: target.url, connections, seconds: 2, headers: target.headers });
  const load = loadavg()[0]!.toFixed(1);
  const results = new Map<string, (ReadLoadResult & { perCpuSecond: number })[]>();
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const cpuBefore = process.cpuUsage();
      const load = await runLoad({ url: target.url, connections, seconds, headers: target.headers });
      const cpu = process.cpuUsage(cpuBefore);
      if (load.non2xx > 0 || load.errors > 0) {
        throw new Error(`${target.name}: ${load.non2xx} non-2xx, ${load.errors} errors`);
      }
      // The server's own CPU time per answer: what a core would serve alone, whatever else ran.
      const result = { ...load, perCpuSecond: load.requests / ((cpu.user + cpu.system) / 1e6) };
      results.set(target.name, [...(results.get(target.name) ?? []), result]);
      console.log(
        `round ${round} ${target.name}: ${Math.round(result.rps)} req/s, ${Math.round(result.perCpuSecond)} per CPU-s`,
      );
    }
  }

  const mean = (name: string, of: (r: ReadLoadResult & { perCpuSecond: number }) => number) => {
    const list = results.get(name)!;
    return list.reduce((sum, r) => sum + of(r), 0) / list.length;
  };
  const p99 = (name: string) => Math.max(...results.get(name)!.map((r) => r.latencyP99));
  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  const helloRps = mean('hello', (r) => r.rps);
  const helloCpu = mean('hello', (r) => r.perCpuSecond);
  // The app's floor: a call that reads nothing (the clock), so every hook and plugin and no cache.
  const floorCpu = mean('betting/getServerTimeMillisecond', (r) => r.perCpuSecond);
  const rows = CALLS.map((call) => {
    const rps = mean(call.path, (r) => r.rps);
    const cpu = mean(call.path, (r) => r.perCpuSecond);
    console.log(
      `${call.path}: ${fmt(rps)} req/s (${(rps / helloRps).toFixed(2)}x), ${fmt(cpu)} per CPU-s (${(cpu / helloCpu).toFixed(2)}x)`,
    );
    return `| \`${call.path.split('?')[0]}\` | ${call.what} | ${fmt(rps)} | **${(rps / helloRps).toFixed(2)}** | ${fmt(cpu)} | **${(cpu / helloCpu).toFixed(2)}** | ${(cpu / floorCpu).toFixed(2)} | ${p99(call.path)} ms |`;
  });
  console.log(`hello-world: ${fmt(helloRps)} req/s, ${fmt(helloCpu)} per CPU-s`);

  const cpu = cpus();
  writeApiSection(`
### hot reads (bench/api/reads.ts)

\`npx tsx bench/api/reads.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpu.length} CPU(s) (${cpu[0]?.model.trim()}) shared
(1-minute load average ${load} at the start), Node ${process.version}. autocannon in its own process,
${connections} connections, ${rounds} rounds of ${seconds} s per target, targets alternated within each
round after a 2 s warm-up of each; figures are the mean of the rounds. The app is build() with every plugin and hook, NODE_ENV=production, one process,
LOG_LEVEL=warn, on PostgreSQL at \`${new URL(BENCH_URL).host}\` (a fresh seeded schema); requests in the web
client's form (enpath URL, \`accept-encoding: gzip, deflate, br\`). The bare hello-world is
\`Fastify({ logger: false })\` with one route answering \`{"hello":"world"}\`, in the same process, same run.

Hot reads are answered from memory (apps/server/src/modules/site/hot-reads.ts): serialised and
compressed once per change, dropped by draws and admin changes (through Redis between processes),
at most 2 s old otherwise.

Two measures: req/s (wall clock, as autocannon saw it) and answers per CPU-second of the server
process (requests ÷ the process's user+system time during the target's run), which is what one core
would serve on its own and moves much less when other work shares the machine.

Bare Fastify hello-world: **${fmt(helloRps)} req/s**, ${fmt(helloCpu)} answers per CPU-second.

The last ratio compares each call with the app's own floor, \`betting/getServerTimeMillisecond\`
(reads only the clock: every hook and plugin of the app, no data): near 1 means the read itself
costs about nothing beyond what every request of the app costs.

| call | what | req/s | ratio (aim ≥ 0.6) | per CPU-s | ratio per CPU-s | per CPU-s ÷ app floor | latency p99 (worst round) |
|---|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

A last ratio near 1 means a cached read costs about what the app's emptiest call costs: the gap
to the aim is then the app's fixed cost per request (hooks, headers, cookie and session,
compression checks) and, on a shared machine, the load generator, not the reads. Where it goes (a
CPU profile of the floor call) and what would close it: docs/adr/0300-hot-reads-and-compression.md,
"Open".
`);
} finally {
  await app.close();
  await hello.close();
  await drop();
}
