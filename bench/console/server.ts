/**
 * Bench child: the real server for bench/console/lists.ts, in a process of its own. build() with
 * every plugin and hook, NODE_ENV=production, LOG_LEVEL=warn, the production pool settings, on
 * the bench schema (already migrated and seeded by the parent), listening on 127.0.0.1. Sends
 * `{ ready, origin }` over IPC; exits on `{ cmd: 'exit' }`.
 *
 *   BENCH_DATABASE_URL, BENCH_SCHEMA: set by the parent.
 */
import { build } from '../../apps/server/src/app';
import { systemClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/client';

const url = process.env.BENCH_DATABASE_URL!;
const schema = process.env.BENCH_SCHEMA!;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  TENANT_CODE: 'demo',
  WEB_DIST: '/nonexistent',
  DATABASE_URL: url,
});
const database = await createDb({
  url,
  searchPath: schema,
  poolSize: config.DATABASE_POOL_SIZE,
  connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  applicationName: 'console-bench-server',
});
const app = await build({ config, database, clock: systemClock, logLevel: 'warn' });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ ready: true, origin, pid: process.pid });
process.on('message', async (m: { cmd: string }) => {
  if (m.cmd === 'exit') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
