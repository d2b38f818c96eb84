/**
 * Server-rendered pages bench (issue 39): requests per second of a cached server-rendered /home and
 * play page, beside a bare Fastify hello-world in a process of its own, with the browser's
 * accept-encoding; and the time of a cold render (the page drawn anew after a change dropped it).
 * Aim: a cached /home at ≥ 0.5x the hello-world. Writes docs/bench.md, section "web", block
 * "server-rendered pages".
 *
 *   npm run build -w @lottery/web && npx tsx bench/web/ssr.ts   # BENCH_DATABASE_URL as bench/api/reads.ts
 *
 * The app is build() with every plugin and hook, NODE_ENV=production, LOG_LEVEL=warn, on a seeded
 * PostgreSQL schema of its own, serving apps/web/dist with its renderer (dist/.ssr). autocannon runs
 * in a third process. Pages are at most 2 s old (HOT_READ_MAX_AGE_MS): under load each is drawn
 * again every 2 s, which the figures include.
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from '../../apps/server/src/app';
import { systemClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoTenant } from '../../apps/server/src/db/seed';
import { announceLocal } from '../../apps/server/src/modules/site/index';
import type { ReadLoadJob, ReadLoadResult } from '../api/load';
import { BENCH_URL, benchSchema, forkLoad } from '../betting/report';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const COLD_RENDERS = 7;
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const PAGES = ['/home', '/lottery/K3/1401'];
/** What Chromium sends for a page. */
const HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

if (!existsSync(`${WEB_DIST}.ssr/entry-server.js`)) {
  console.error('no web build with its renderer: npm run build -w @lottery/web');
  process.exit(1);
}

const runLoad = (job: ReadLoadJob) =>
  forkLoad<ReadLoadJob, ReadLoadResult>(new URL('../api/load.ts', import.meta.url), job);

/** The hello-world in a process of its own, and its origin. */
function startHello(): Promise<{ origin: string; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./hello.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'] });
    child.once('message', (origin) => resolve({ origin: String(origin), stop: () => child.kill() }));
    child.once('error', reject);
  });
}

function writeBlock(markdown: string): void {
  const file = fileURLToPath(new URL('../../docs/bench.md', import.meta.url));
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `### server-rendered pages (bench/web/ssr.ts)\n\n${markdown.trim()}\n`;
  const pattern = /### server-rendered pages \(bench\/web\/ssr\.ts\)\n[\s\S]*?(?=\n##+ |$)/;
  const next = pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}`;
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { database, drop } = await benchSchema(10);
await seedDemoTenant(database, systemClock);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', TENANT_CODE: 'demo', WEB_DIST });
const app = await build({ config, database, logLevel: 'warn', scheduler: { lotteries: ['1401'] } });
const hello = await startHello();
try {
  await app.scheduler.tick();
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const page of PAGES) {
    const html = await (await fetch(`${origin}${page}`, { headers: HEADERS })).text();
    if (!html.includes('id="ssr-state"')) throw new Error(`${page} was not drawn on the server`);
  }

  // cold renders: each after a tenant change has dropped every page (as an admin change does)
  const cold = new Map<string, number[]>();
  for (const page of PAGES) {
    const times: number[] = [];
    for (let i = 0; i < COLD_RENDERS; i++) {
      announceLocal(database.db, { kind: 'tenant' });
      const started = performance.now();
      await (await fetch(`${origin}${page}`, { headers: HEADERS })).arrayBuffer();
      times.push(performance.now() - started);
    }
    cold.set(page, times);
    console.log(
      `${page} cold: median ${median(times).toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
    );
  }

  const targets = [
    { name: 'hello', url: `${hello.origin}/`, headers: HEADERS },
    ...PAGES.map((page) => ({ name: page, url: `${origin}${page}`, headers: HEADERS })),
  ];
  for (const target of targets)
    await runLoad({ url: target.url, connections, seconds: 2, headers: target.headers });
  const load = loadavg()[0]!.toFixed(1);
  const results = new Map<string, ReadLoadResult[]>();
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const result = await runLoad({ url: target.url, connections, seconds, headers: target.headers });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.set(target.name, [...(results.get(target.name) ?? []), result]);
      console.log(`round ${round} ${target.name}: ${Math.round(result.rps)} req/s`);
    }
  }
  const mean = (name: string) => {
    const list = results.get(name)!;
    return list.reduce((sum, r) => sum + r.rps, 0) / list.length;
  };
  const p99 = (name: string) => Math.max(...results.get(name)!.map((r) => r.latencyP99));
  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  const helloRps = mean('hello');
  const rows = PAGES.map((page) => {
    const rps = mean(page);
    console.log(`${page}: ${fmt(rps)} req/s (${(rps / helloRps).toFixed(2)}x hello-world)`);
    return `| \`${page}\` | ${fmt(rps)} | **${(rps / helloRps).toFixed(2)}** | ${p99(page)} ms | ${median(cold.get(page)!).toFixed(1)} ms |`;
  });
  const cpu = cpus();
  writeBlock(`
\`npm run build -w @lottery/web && npx tsx bench/web/ssr.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpu.length} CPU(s)
(${cpu[0]?.model.trim()}) shared (1-minute load average ${load} at the start), Node ${process.version}. The app is
build() with every plugin and hook, NODE_ENV=production, LOG_LEVEL=warn, one process, on PostgreSQL at
\`${new URL(BENCH_URL).host}\` (a fresh seeded schema), serving the production web build and its renderer. The
bare hello-world (\`Fastify({ logger: false })\`, one route answering \`{"hello":"world"}\`) runs in a process of
its own, autocannon in a third: ${connections} connections, ${rounds} rounds of ${seconds} s per target, alternated
after a 2 s warm-up of each; figures are the mean of the rounds. Requests are a browser's: \`accept: text/html…\`,
\`accept-encoding: gzip, deflate, br, zstd\` (the page goes out as brotli, compressed once per render).

A page is kept until a draw or an admin change drops it, and at most 2 s (HOT_READ_MAX_AGE_MS): under load
it is drawn again every 2 s, which the req/s include. A cold render is the page drawn anew after a tenant change
dropped every page: React's prerender of the route plus its reads, in-process (median of ${COLD_RENDERS}, one
request at a time, the first of each page included).

| page | req/s | ratio to hello-world (aim ≥ 0.5 for /home) | latency p99 (worst round) | cold render (median) |
|---|---:|---:|---:|---:|
${rows.join('\n')}

Hello-world: **${fmt(helloRps)} req/s**.
`);
} finally {
  await app.close();
  hello.stop();
  await drop();
}
