/**
 * Bench child: the chat server (mode "app": build() with PGlite in memory, demo seed, sessions for
 * bench users) or a bare `ws` server (mode "bare"), on 127.0.0.1. Driven by the parent over IPC.
 */
import { createServer } from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { build } from '../../apps/server/src/app';
import { systemClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { queryRows } from '../../apps/server/src/db/sql';
import { createSession } from '../../apps/server/src/modules/auth/index';

type Command =
  | { cmd: 'stats' }
  | { cmd: 'broadcast'; rate: number; seconds: number; bytes: number }
  | { cmd: 'exit' };
const mode = process.argv[2] === 'bare' ? 'bare' : 'app';
const users = Number(process.argv[3] ?? 200);
const send = (m: unknown) => process.send?.(m);

/** Paced loop: `rate` calls per second for `seconds`, each awaited in order. */
async function paced(rate: number, seconds: number, fn: () => Promise<void> | void): Promise<number> {
  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await fn();
  }
  return total;
}

if (mode === 'bare') {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, maxPayload: 4096 });
  wss.on('connection', (ws) => ws.on('message', () => {}));
  http.listen(0, '127.0.0.1', () => {
    const address = http.address() as { port: number };
    send({ ready: true, url: `http://127.0.0.1:${address.port}/v1/broadCast/chat`, cookies: [''] });
  });
  process.on('message', async (m: Command) => {
    if (m.cmd === 'stats') send({ stats: { rss: process.memoryUsage().rss, sockets: wss.clients.size } });
    if (m.cmd === 'broadcast') {
      const filler = 'x'.repeat(m.bytes);
      const sent = await paced(m.rate, m.seconds, () => {
        const payload = JSON.stringify({ code: 1, data: { gmtCreated: Date.now(), message: filler } });
        for (const c of wss.clients) c.send(payload);
      });
      send({ broadcastDone: sent });
    }
    if (m.cmd === 'exit') process.exit(0);
  });
} else {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    TENANT_CODE: 'demo',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/chat-bench',
  });
  // CHAT_BENCH_DATABASE_URL runs the app on PostgreSQL, as it is deployed at scale (a fresh
  // database each run); by default it runs on PGlite in memory, whose queries share this thread.
  const pgUrl = process.env.CHAT_BENCH_DATABASE_URL;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS chat_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE chat_bench');
    await admin.end();
  }
  const database = await createDb(pgUrl ? { url: pgUrl.replace(/\/[^/]*$/, '/chat_bench') } : {});
  await prepareDatabase(database, config, systemClock);
  const app = await build({
    config,
    database,
    clock: systemClock,
    logLevel: 'silent',
    chat: { redisUrl: '', pushPlanIntervalMs: 0 },
  });
  const now = Date.now();
  const tenant = (
    await queryRows<{ id: number }>(database.db, sql`SELECT id FROM tenants WHERE code = 'demo'`)
  )[0]!;
  await database.db.execute(sql`INSERT INTO users (tenant_id, user_name, password_hash, grade, rebate_updated_at, password_changed_at, created_at)
    SELECT ${tenant.id}, 'bench' || g, 'x', 1, ${now}, ${now}, ${now} FROM generate_series(1, ${users}) g`);
  const ids = await queryRows<{ id: number }>(
    database.db,
    sql`SELECT id::int FROM users WHERE user_name LIKE 'bench%' ORDER BY id`,
  );
  const cookies: string[] = [];
  for (const { id } of ids) {
    cookies.push(
      `sid=${await createSession(database.db, { tenantId: tenant.id, userId: id, ip: '127.0.0.1', userAgent: 'bench', now })}`,
    );
  }
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const { chat, hub } = app.chatModule;
  const room = await chat.room(tenant.id, 'lobby');
  send({ ready: true, url: `${base.replace('http', 'http')}/v1/broadCast/chat`, cookies });
  process.on('message', async (m: Command) => {
    if (m.cmd === 'stats')
      send({
        stats: {
          rss: process.memoryUsage().rss,
          sockets: hub.size,
          dropped: hub.dropped,
          slowClosed: hub.slowClosed,
        },
      });
    if (m.cmd === 'broadcast') {
      // The real path minus HTTP: insert the message, then fan out through the bus and hub.
      const filler = 'x'.repeat(m.bytes);
      const sent = await paced(m.rate, m.seconds, async () => {
        await chat.post(null, room, 1, filler);
      });
      send({ broadcastDone: sent });
    }
    if (m.cmd === 'exit') {
      await app.close();
      process.exit(0);
    }
  });
}
