/**
 * Bench: one table-game room (baccarat) with N real WebSockets against the real server (demo
 * sockets) and M real bets per round over HTTP from M players, on PostgreSQL (database `bench`,
 * schema games_bench, recreated each run). The round loop is driven on a manual clock (one tick per
 * phase, as the leader runs it), so each phase is measured on its own:
 *   - settle: wall time of the loop pass at the settle deadline (settleRound + its publish);
 *   - broadcast: from the leader's rooms.publish call to receipt of that frame on every socket.
 * Usage: npx tsx bench/games/run.ts [sockets=2000] [bets=500] [rounds=3]
 * Env: GAMES_BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench).
 */
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { build } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { queryRows } from '../../apps/server/src/db/sql';
import { createSession } from '../../apps/server/src/modules/auth/index';
import { roundAt } from '../../apps/server/src/modules/games/testing';
import { houseAccount, playerAccount, postTransfer } from '../../apps/server/src/modules/wallet/index';

const SOCKETS = Number(process.argv[2] ?? 2000);
const BETS = Number(process.argv[3] ?? 500);
const ROUNDS = Number(process.argv[4] ?? 3);
const GAME = 'baccarat';
const url = process.env.GAMES_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const schema = 'games_bench';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const f1 = (x: number) => x.toFixed(1);

const admin = await createDb({ url, poolSize: 1 });
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
await admin.query(`CREATE SCHEMA ${schema}`);
await admin.close();
const database = await createDb({ url, poolSize: 10, searchPath: schema });
const clock = new ManualClock();
clock.set(Date.now());
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  TENANT_CODE: 'demo',
  WEB_DIST: '/nonexistent',
  DATA_DIR: '/tmp/games-bench',
});
await prepareDatabase(database, config, clock);
const app = await build({
  config,
  database,
  clock,
  logLevel: 'silent',
  chat: { redisUrl: '', pushPlanIntervalMs: 0 },
  limits: { registerPerIp: 100000 },
} as Parameters<typeof build>[0]);
const db = database.db;
await db.execute(
  sql`UPDATE tenants SET config = config || '{"gamesEnabled":true}'::jsonb WHERE code = 'demo'`,
);
app.ctx.tenant.invalidate();
const tenantId = (await queryRows<{ id: number }>(db, sql`SELECT id FROM tenants WHERE code = 'demo'`))[0]!
  .id;

// players: BETS users with a session and 1,000 yuan each (one ledger transfer each, as a deposit would)
const now = Date.now();
await db.execute(sql`INSERT INTO users (tenant_id, user_name, password_hash, grade, rebate_updated_at, password_changed_at, created_at)
  SELECT ${tenantId}, 'gb' || g, 'x', 1, ${now}, ${now}, ${now} FROM generate_series(1, ${BETS}) g`);
const ids = await queryRows<{ id: number }>(
  db,
  sql`SELECT id::int FROM users WHERE user_name LIKE 'gb%' ORDER BY id`,
);
const cookies: string[] = [];
for (const { id } of ids) {
  cookies.push(
    `sid=${await createSession(db, { tenantId, userId: id, ip: '127.0.0.1', userAgent: 'bench', now })}`,
  );
  const amount = 1000n * 10_000n;
  await postTransfer(
    db,
    {
      idempotencyKey: `games-bench-fund:${id}`,
      typeCode: 401,
      lines: [
        { accountId: await houseAccount(db, tenantId, id), amountMinor: -amount },
        { accountId: await playerAccount(db, tenantId, id), amountMinor: amount },
      ],
    },
    now,
  );
}

const base = await app.listen({ host: '127.0.0.1', port: 0 });
const wsBase = base.replace('http', 'ws');

// publish stamps: the leader's rooms.publish, wrapped to note when each frame leaves
const rooms = (app as unknown as { gameRooms: { publish: (...a: unknown[]) => Promise<void> } }).gameRooms;
const original = rooms.publish.bind(rooms);
// every game's rounds share one schedule, so a pass publishes one frame per game: keep them in order
let publishes: { game: string; at: number }[] = [];
rooms.publish = (...a: unknown[]) => {
  publishes.push({ game: String(a[1]), at: performance.now() });
  return original(...a);
};

type Client = { ws: WebSocket; got: Map<string, number> };
const clients: Client[] = [];
const frameKey = (f: { type: string; round?: { roundId: string; phase?: string; state?: string } }) =>
  `${f.type}:${f.round?.roundId}:${f.round?.phase ?? f.round?.state ?? ''}`;
const openStart = performance.now();
for (let i = 0; i < SOCKETS; i += 100) {
  await Promise.all(
    Array.from({ length: Math.min(100, SOCKETS - i) }, async () => {
      const ws = new WebSocket(`${wsBase}/v1/game/socket?gameCode=${GAME}&demo=1`);
      const c: Client = { ws, got: new Map() };
      ws.on('message', (data) => {
        const t = performance.now();
        const f = JSON.parse(data.toString());
        if (f.type === 'phase' || f.type === 'settled') c.got.set(frameKey(f), t);
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      clients.push(c);
    }),
  );
}
const openMs = performance.now() - openStart;
await new Promise((r) => setTimeout(r, 500));
const sizes = (app as unknown as { gameRooms: { size: (t: number, g: string) => number } }).gameRooms;
console.log(`sockets open: ${clients.length} in ${f1(openMs)} ms; in room: ${sizes.size(tenantId, GAME)}`);

/** Waits until every socket holds a frame with `key`; returns per-socket latency from the publish. */
async function receipt(key: string, publishedAt: number): Promise<number[]> {
  const deadline = performance.now() + 10_000;
  while (clients.some((c) => !c.got.has(key)) && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 2));
  const missing = clients.filter((c) => !c.got.has(key)).length;
  if (missing) console.log(`  ${missing} sockets missed ${key}`);
  return clients.filter((c) => c.got.has(key)).map((c) => c.got.get(key)! - publishedAt);
}

/** One leader pass at `ms`: its wall time, when the bench game's frame was published, and the time
 * the pass spent on the bench game's round (from the previous game's publish, or the pass start). */
async function tickAt(ms: number): Promise<{ tickMs: number; publishedAt: number; stepMs: number }> {
  clock.set(ms);
  publishes = [];
  const t0 = performance.now();
  await (app as unknown as { gameLoop: { tick: () => Promise<unknown> } }).gameLoop.tick();
  const i = publishes.findIndex((p) => p.game === GAME);
  if (i < 0) throw new Error(`no ${GAME} frame at ${ms}`);
  const publishedAt = publishes[i]!.at;
  return {
    tickMs: performance.now() - t0,
    publishedAt,
    stepMs: publishedAt - (i ? publishes[i - 1]!.at : t0),
  };
}

const latencies: number[] = [];
const settles: number[] = [];
const betWalls: number[] = [];
const closeTicks: number[] = [];
let r = roundAt(roundAt(clock.now()).nextOpenMs);
for (let round = 0; round < ROUNDS; round++) {
  // open
  const open = await tickAt(r.openMs + 10);
  const lOpen = await receipt(`phase:${r.roundId}:betting`, open.publishedAt);
  // bets: BETS players, 50 in flight, each a real POST /v1/game/bet
  const betStart = performance.now();
  let next = 0;
  let ok = 0;
  const failures = new Map<string, number>();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < BETS) {
        const i = next++;
        const body = new URLSearchParams({
          gameCode: GAME,
          roundId: r.roundId,
          area: i % 2 ? 'banker' : 'player',
          amount: String(10 + (i % 7)),
          idempotencyKey: `gb-${r.roundId}-${i}`,
        });
        const res = await fetch(`${base}/v1/game/bet`, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies[i]! },
        });
        const j = (await res.json()) as { code: number; msg: string };
        if (j.code === 1) ok++;
        else failures.set(j.msg, (failures.get(j.msg) ?? 0) + 1);
      }
    }),
  );
  const betWall = performance.now() - betStart;
  betWalls.push(betWall);
  // close, deal, settle: one leader pass per deadline
  const close = await tickAt(r.closeMs);
  closeTicks.push(close.tickMs);
  const lClose = await receipt(`phase:${r.roundId}:closed`, close.publishedAt);
  const deal = await tickAt(r.dealMs);
  const lDeal = await receipt(`phase:${r.roundId}:dealing`, deal.publishedAt);
  const settle = await tickAt(r.settleMs);
  const lSettled = await receipt(`settled:${r.roundId}:settled`, settle.publishedAt);
  settles.push(settle.stepMs);
  const [{ n }] = (await queryRows<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM game_bet
        WHERE round_id = ${r.roundId} AND game_code = ${GAME} AND state = 1`,
  )) as [{ n: string }];
  for (const l of [lOpen, lClose, lDeal, lSettled]) latencies.push(...l);
  console.log(
    `round ${r.roundId}: bets ok ${ok}/${BETS} in ${f1(betWall)} ms${failures.size ? ` ${JSON.stringify([...failures])}` : ''}; ` +
      `settled bets ${n}; settle ${f1(settle.stepMs)} ms (whole pass, all games ${f1(settle.tickMs)} ms); ` +
      `p99 phase→all sockets: open ${f1(pct(lOpen, 99))} close ${f1(pct(lClose, 99))} deal ${f1(pct(lDeal, 99))} settled ${f1(pct(lSettled, 99))} ms`,
  );
  r = roundAt(r.nextOpenMs);
}
console.log(
  `\nsettle of the round (${BETS} bets, settleRound + its publish): median ${f1(pct(settles, 50))} ms, max ${f1(Math.max(...settles))} ms`,
);
console.log(
  `frame broadcast to ${clients.length} sockets: p50 ${f1(pct(latencies, 50))} ms, p99 ${f1(pct(latencies, 99))} ms, max ${f1(Math.max(...latencies))} ms`,
);
for (const c of clients) c.ws.terminate();
await app.close();
await database.close();
process.exit(0);
