import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../app';
import type { Database } from '../db/client';
import { migrate, readMigrations } from '../db/migrate';
import { emptyDatabase, type TestApp, testApp, testConfig } from '../test/app';

/** What a load balancer sees: /healthz while the process lives, /readyz while it can serve. */
let base: TestApp;
let unmigrated: Database;
const opened: FastifyInstance[] = [];

beforeAll(async () => {
  base = await testApp();
  unmigrated = await emptyDatabase();
}, 60_000);

afterAll(async () => {
  for (const app of opened) await app.close();
});

describe('health checks', () => {
  it('answers /healthz with 200 and a small body', async () => {
    const { app } = base;
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz with 200 when the database is reachable and migrated', async () => {
    const { app } = base;
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'up', migrations: 'applied', redis: 'not configured' },
    });
  });

  it('answers 503 with migrations pending on a database that lacks the newest migration', async () => {
    await migrate(unmigrated, readMigrations().slice(0, -1));
    const app = await appOn(unmigrated);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not ready',
      checks: { database: 'up', migrations: 'pending', redis: 'not configured' },
    });
  }, 60_000);

  it('answers 503 quickly when the database does not answer, and /healthz still 200', async () => {
    const { database } = base;
    const hanging: Database = { ...database, query: () => new Promise(() => undefined) };
    const app = await appOn(hanging);
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', checks: { database: 'down' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers 503 when the database refuses', async () => {
    const { database } = base;
    const refusing: Database = {
      ...database,
      query: () => Promise.reject(new Error('terminating connection due to administrator command')),
    };
    const app = await appOn(refusing);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { database: 'down', migrations: 'unknown' } });
  });
});

/** An app on the given database, closed after the file. */
async function appOn(database: Database) {
  const app = await build({ config: testConfig(), database, logLevel: 'silent' });
  opened.push(app);
  return app;
}
