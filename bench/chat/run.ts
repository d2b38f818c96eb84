/**
 * Chat benchmark (loopback only, bounded duration): `npx tsx bench/chat/run.ts`
 * (CHAT_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run the app on PostgreSQL).
 *
 * 1. Idle authenticated sockets held by one server process (account mode, session cookies of 200
 *    users), beside a bare `ws` server holding the same number of plain sockets.
 * 2. Broadcast: messages posted into one room (insert + fan-out through bus and hub) at a fixed
 *    rate to N room sockets; deliveries per second and latency percentiles (client clock minus the
 *    message's gmtCreated, same machine), beside a bare `ws` server broadcasting the same size.
 *
 * Server and clients run in separate processes (each process is capped at RLIMIT_NOFILE).
 * Writes docs/bench.md section "chat" (other sections are kept).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const IDLE_SOCKETS = Number(process.env.CHAT_BENCH_IDLE ?? 19_000);
const ROOM_SOCKETS = Number(process.env.CHAT_BENCH_ROOM ?? 2_000);
const RATES = (process.env.CHAT_BENCH_RATES ?? '10,25,50').split(',').map(Number);
const SECONDS = 8;
const HOLD_MS = 10_000;
const CLIENTS = 2;
const BYTES = 40;

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));

function child(file: string, args: string[] = []): ChildProcess {
  return fork(here(file), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function once<T>(p: ChildProcess, key: string, timeoutMs = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timeout waiting for ${key}`)), timeoutMs);
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        clearTimeout(t);
        p.off('message', on);
        resolve(m as T);
      }
    };
    p.on('message', on);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Ready = { url: string; cookies: string[] };
type Stats = { stats: { rss: number; sockets: number; dropped?: number; slowClosed?: number } };
type Report = { report: { received: number; hist: number[]; open: number; closedEarly: number } };

async function startServer(mode: 'app' | 'bare') {
  const server = child('./server.ts', [mode, '200']);
  const ready = await once<Ready>(server, 'ready');
  return { server, ready };
}

async function openClients(ready: Ready, total: number, query: string) {
  const clients = Array.from({ length: CLIENTS }, () => child('./client.ts'));
  await Promise.all(clients.map((c) => once(c, 'ready')));
  const per = Math.ceil(total / CLIENTS);
  const started = performance.now();
  const results = await Promise.all(
    clients.map((c, i) => {
      const done = once<{ opened: number; failed: number }>(c, 'opened');
      c.send({
        cmd: 'open',
        url: ready.url,
        query,
        count: Math.min(per, total - i * per),
        cookies: ready.cookies,
        inFlight: 50,
      });
      return done;
    }),
  );
  const ms = performance.now() - started;
  return {
    clients,
    opened: results.reduce((s, r) => s + r.opened, 0),
    failed: results.reduce((s, r) => s + r.failed, 0),
    ms,
  };
}

async function closeAll(server: ChildProcess, clients: ChildProcess[]) {
  await Promise.all(
    clients.map((c) => {
      const d = once(c, 'closed');
      c.send({ cmd: 'close' });
      return d;
    }),
  );
  server.send({ cmd: 'exit' });
  await new Promise((r) => server.once('exit', r));
}

async function idle(mode: 'app' | 'bare') {
  const { server, ready } = await startServer(mode);
  const baseReply = once<Stats>(server, 'stats');
  server.send({ cmd: 'stats' });
  const base = await baseReply;
  const { clients, opened, failed, ms } = await openClients(ready, IDLE_SOCKETS, 'type=7');
  await sleep(HOLD_MS);
  const heldReply = once<Stats>(server, 'stats');
  server.send({ cmd: 'stats' });
  const held = await heldReply;
  const reports = await Promise.all(
    clients.map((c) => {
      const r = once<Report>(c, 'report');
      c.send({ cmd: 'report' });
      return r;
    }),
  );
  const stillOpen = reports.reduce((s, r) => s + r.report.open, 0);
  await closeAll(server, clients);
  return {
    mode,
    opened,
    failed,
    stillOpen,
    serverSockets: held.stats.sockets,
    openPerSec: Math.round(opened / (ms / 1000)),
    rssMb: Math.round(held.stats.rss / 1048576),
    rssBeforeMb: Math.round(base.stats.rss / 1048576),
  };
}

function percentile(hist: number[], total: number, p: number): number {
  let seen = 0;
  const want = Math.ceil(total * p);
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms]!;
    if (seen >= want) return ms;
  }
  return hist.length;
}

async function broadcast(mode: 'app' | 'bare') {
  const { server, ready } = await startServer(mode);
  const { clients, opened } = await openClients(ready, ROOM_SOCKETS, 'type=1&roomId=lobby');
  await sleep(3000); // let the join announcements (event 11) drain
  const rows = [];
  for (const rate of RATES) {
    await Promise.all(
      clients.map((c) => {
        const d = once(c, 'measuring');
        c.send({ cmd: 'measure' });
        return d;
      }),
    );
    const started = performance.now();
    const done = once(server, 'broadcastDone');
    server.send({ cmd: 'broadcast', rate, seconds: SECONDS, bytes: BYTES });
    await done;
    await sleep(1000); // stragglers
    const elapsed = (performance.now() - started) / 1000;
    const reports = await Promise.all(
      clients.map((c) => {
        const r = once<Report>(c, 'report');
        c.send({ cmd: 'report' });
        return r;
      }),
    );
    const hist = new Array<number>(reports[0]!.report.hist.length).fill(0);
    let received = 0;
    for (const { report } of reports) {
      received += report.received;
      report.hist.forEach((n, i) => {
        hist[i]! += n;
      });
    }
    const expected = Math.round(rate * SECONDS) * opened;
    rows.push({
      mode,
      rate,
      receivers: opened,
      expected,
      received,
      perSec: Math.round(received / Math.max(SECONDS, elapsed - 1)),
      p50: percentile(hist, received, 0.5),
      p99: percentile(hist, received, 0.99),
      max: percentile(hist, received, 1),
    });
  }
  const statsReply = once<Stats>(server, 'stats');
  server.send({ cmd: 'stats' });
  const stats = await statsReply;
  await closeAll(server, clients);
  return { rows, dropped: stats.stats.dropped ?? 0, slowClosed: stats.stats.slowClosed ?? 0 };
}

function writeSection(markdown: string): void {
  const file = fileURLToPath(new URL('../../docs/bench.md', import.meta.url));
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = `## chat\n\n${markdown.trim()}\n`;
  const pattern = /## chat\n[\s\S]*?(?=\n## |$)/;
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}`;
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}

const fmt = (n: number) => n.toLocaleString('en-US');
const loadAtStart = loadavg()[0]!.toFixed(1);
const idleRows = [await idle('app'), await idle('bare')];
console.table(idleRows);
const app = await broadcast('app');
const bare = await broadcast('bare');
console.table([...app.rows, ...bare.rows]);

const date = new Date().toISOString().slice(0, 10);
writeSection(`
\`npx tsx bench/chat/run.ts\` — ${date}, Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model.trim()}),
1-minute load average ${loadAtStart} at the start and ${loadavg()[0]!.toFixed(1)} at the end, loopback only.
The server (${process.env.CHAT_BENCH_DATABASE_URL ? 'on PostgreSQL' : 'PGlite in memory'}, demo seed) and ${CLIENTS} client processes share the machine. Each
process may hold at most ${fmt(IDLE_SOCKETS + 1000)} descriptors here (container RLIMIT_NOFILE hard limit 20,000, which
the script cannot raise without CAP_SYS_RESOURCE), so one server process is measured at ${fmt(IDLE_SOCKETS)} sockets.

### idle authenticated sockets

Account-mode sockets (\`type=7\`) authenticated by the session cookies of 200 users, held ${HOLD_MS / 1000} s with
the gateway's ping running; the bare \`ws\` server holds the same number of plain sockets.

| server | opened | failed | still open after hold | server-side sockets | opened/s | server RSS MB before → holding |
| ------ | -----: | -----: | --------------------: | ------------------: | -------: | -----------------------------: |
${idleRows.map((r) => `| ${r.mode === 'app' ? 'chat gateway' : 'bare ws'} | ${fmt(r.opened)} | ${r.failed} | ${fmt(r.stillOpen)} | ${fmt(r.serverSockets)} | ${fmt(r.openPerSec)} | ${r.rssBeforeMb} → ${r.rssMb} |`).join('\n')}

### broadcast

${fmt(ROOM_SOCKETS)} room-mode sockets in one room (\`lobby\`); messages of ${BYTES} characters posted for ${SECONDS} s at each
rate. For the chat server each message is the real path minus HTTP (\`ChatService.post\`: insert into
chat_message, then fan-out through the bus and the hub with the bounded send queue); the bare \`ws\`
server loops \`client.send\` over its clients. Latency = receiving client's clock − the message's
\`gmtCreated\` (taken before the insert).

| server | msgs/s | receivers | deliveries expected | delivered | deliveries/s | p50 ms | p99 ms | max ms |
| ------ | -----: | --------: | ------------------: | --------: | -----------: | -----: | -----: | -----: |
${[...app.rows, ...bare.rows].map((r) => `| ${r.mode === 'app' ? 'chat gateway' : 'bare ws'} | ${r.rate} | ${fmt(r.receivers)} | ${fmt(r.expected)} | ${fmt(r.received)} | ${fmt(r.perSec)} | ${r.p50} | ${r.p99} | ${r.max} |`).join('\n')}

deliveries/s = delivered ÷ wall time of the step; when the CPUs are saturated the posting loop falls
behind its rate, so the step lasts longer than ${SECONDS} s and deliveries/s stays below msgs/s × receivers.
Chat gateway send queue: ${app.dropped} events dropped, ${app.slowClosed} slow sockets closed during the run.
Goals: ≥ 20,000 idle sockets in one process; ≥ 50,000 deliveries/s at p99 ≤ 250 ms.
`);
console.log('docs/bench.md: chat section written');
