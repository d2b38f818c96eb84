/**
 * Betting bench: bets placed per second through HTTP (POST /v1/betting/addBetting, the web's
 * form body, session cookie) with autocannon, on PostgreSQL. Each request is a fresh bet (own
 * idempotency key) of one 2-yuan line on the K3 issue on sale, from one of PLAYERS funded
 * players. Every accepted bet is a recount + reprice + one transaction (bet row, line, 302 debit).
 * Writes docs/bench.md, section "betting", block "place".
 *
 *   npx tsx bench/betting/place.ts      # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 npx tsx bench/betting/place.ts
 */
import { cpus, loadavg } from 'node:os';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { build } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoTenant } from '../../apps/server/src/db/seed';
import { passwordDigest } from '../../apps/server/src/modules/auth/password';
import { fund } from '../../apps/server/src/modules/betting/fixture';
import { auditLedger } from '../../apps/server/src/modules/wallet/audit';
import { BENCH_URL, benchSchema, writeBettingBlock } from './report';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const LOTTERY = '1410'; // 10-minute K3: the issue stays on sale through the run
const lottery = lotteryByCode(LOTTERY)!;

const { database, drop } = await benchSchema(20);
// A fixed clock 30 s into an issue: the run measures throughput, not issue rollover.
const clock = new ManualClock();
clock.set(issueAfter(lottery, currentIssue(lottery, Date.now())).startMs + 30_000);
await seedDemoTenant(database, clock);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  TENANT_CODE: 'demo',
  WEB_DIST: '/nonexistent',
});
const app = await build({
  config,
  database,
  clock,
  logLevel: 'warn',
  limits: { registerPerIp: 1_000_000 },
});
try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const tenantId = (await app.ctx.tenant.get())!.id;
  const cookies: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const userName = `bench${i}`;
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      payload: new URLSearchParams({ userName, password: passwordDigest(userName, 'Bench@2026') }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const body = res.json() as { code: number; data: { userId: number } };
    if (body.code !== 1) throw new Error(res.body);
    await fund(database.db, tenantId, Number(body.data.userId), 1_000_000);
    cookies.push(`sid=${res.cookies.find((c) => c.name === 'sid')!.value}`);
  }
  const issue = currentIssue(lottery, clock.now()).issue;
  const bettingData = JSON.stringify([
    {
      lotteryCode: LOTTERY,
      playDetailCode: `${LOTTERY}A10`,
      bettingNumber: '10',
      bettingCount: 1,
      bettingAmount: '2.00',
      bettingPoint: '0',
      bettingUnit: '1',
      bettingIssue: issue,
      graduationCount: 1,
    },
  ]);
  let seq = 0;
  let accepted = 0;
  const refused = new Map<string, number>();
  const result = await autocannon({
    url: `${address}/v1/betting/addBetting`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req: Record<string, unknown>) => {
          seq++;
          return {
            ...req,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: cookies[seq % cookies.length],
            },
            body: new URLSearchParams({
              bettingData,
              idempotencyKey: `bench-${seq}-${process.pid}`,
            }).toString(),
          };
        },
        onResponse: (_status: number, body: string) => {
          const { code, msg } = JSON.parse(body) as { code: number; msg: string };
          if (code === 1) accepted++;
          else refused.set(`${code} ${msg}`, (refused.get(`${code} ${msg}`) ?? 0) + 1);
        },
      },
    ],
  });
  const audit = await auditLedger(database.db);
  if (!audit.ok) throw new Error('ledger audit failed after the run');
  const perSecond = accepted / seconds;
  console.log(
    `${accepted} bets in ${seconds} s = ${perSecond.toFixed(0)} bets/s; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; refused: ${JSON.stringify([...refused])}`,
  );
  writeBettingBlock(
    'place',
    `
\`npx tsx bench/betting/place.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}) shared (1-minute load average ${loadavg()[0]!.toFixed(1)} at the start),
autocannon → the Fastify app (build(), one process, pool of 20) → PostgreSQL at \`${new URL(BENCH_URL).host}\`, all on one host.
${connections} connections for ${seconds} s, ${PLAYERS} players; each request is a new bet (own idempotency key) of one
2-yuan K3 line, recounted, repriced and written with its 302 debit in one transaction. Ledger audit checked after the run.

| bets accepted / s | bets accepted | refused | latency p50 | latency p99 |
|---:|---:|---:|---:|---:|
| **${perSecond.toFixed(0)}** | ${accepted} | ${[...refused.values()].reduce((a, b) => a + b, 0)} | ${result.latency.p50} ms | ${result.latency.p99} ms |
`,
  );
  console.log('docs/bench.md: betting/place written');
} finally {
  await app.close();
  await drop();
}
