import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { type BuildOptions, build } from '../app';
import { ManualClock } from '../clock';
import { type Config, loadConfig } from '../config';
import { createDb, type Database } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { passwordDigest } from '../modules/auth/index';

/**
 * One database per test file: PGlite in memory, or with TEST_DB_KIND=postgres and TEST_DATABASE_URL
 * a fresh schema on PostgreSQL (search_path), dropped when the file ends. Migrated and seeded.
 */
let shared: Promise<{ database: Database; clock: ManualClock; config: Config }> | undefined;

export function testConfig(extra: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TENANT_CODE: 'demo',
    WEB_DIST: '/nonexistent',
    ...extra,
  });
}

async function openShared() {
  const clock = new ManualClock();
  const config = testConfig();
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  if (process.env.TEST_DB_KIND === 'postgres' && url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = await createDb({ url, poolSize: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    database = await createDb({ url, poolSize: 5, searchPath: schema });
    afterAll(async () => {
      await database.close();
      const cleanup = await createDb({ url, poolSize: 1 });
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.close();
    });
  } else {
    database = await createDb({});
    afterAll(() => database.close());
  }
  await prepareDatabase(database, config, clock);
  return { database, clock, config };
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  /** The captcha answer the next users/imageCode will draw. */
  nextCaptcha: { text: string };
}

/** Build the app on this file's shared database. Each call gets its own app (own limits, captcha). */
export async function testApp(options: Omit<BuildOptions, 'database' | 'clock'> = {}): Promise<TestApp> {
  shared ??= openShared();
  const { database, clock, config } = await shared;
  const nextCaptcha = { text: '1234' };
  const app = await build({
    config: options.config ?? config,
    database,
    clock,
    logLevel: 'silent',
    captchaText: () => nextCaptcha.text,
    limits: options.limits,
    scheduler: options.scheduler,
  });
  afterAll(() => app.close());
  return { app, clock, database, nextCaptcha };
}

/** Form-encoded POST, as the web sends. */
export function form(
  body: Record<string, string | number | undefined>,
): Pick<InjectOptions, 'payload' | 'headers'> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined) params.set(k, String(v));
  return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

export function json<T = unknown>(res: LightMyRequestResponse): { code: number; msg: string; data?: T } {
  return res.json();
}

/** GET `/v1/<path>` (query in the path) as a signed-in account; the envelope with its data as T. */
export async function getAs<T>(app: FastifyInstance, account: { cookie: string }, path: string) {
  return json<T>(
    await app.inject({ method: 'GET', url: `/v1/${path}`, headers: { cookie: account.cookie } }),
  );
}

/** POST `/v1/<path>` form-encoded, as the web sends, as a signed-in account. */
export async function postAs<T>(
  app: FastifyInstance,
  account: { cookie: string },
  path: string,
  fields: Record<string, string | number | undefined>,
) {
  const body = form(fields);
  return json<T>(
    await app.inject({
      method: 'POST',
      url: `/v1/${path}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie },
    }),
  );
}

/** The sid cookie from a login/register reply, ready for `headers: { cookie }`. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no sid cookie in reply: ${res.body}`);
  return `sid=${cookie.value}`;
}

let counter = 0;
/** A fresh valid account name for this file. */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 20);
}

export { passwordDigest };

/** An empty database (no migrations) for tests of the migrator and seed; closed after the file. */
export async function emptyDatabase(options: { poolSize?: number } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND === 'postgres' && url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = await createDb({ url, poolSize: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const database = await createDb({ url, poolSize: options.poolSize ?? 5, searchPath: schema });
    afterAll(async () => {
      await database.close();
      const cleanup = await createDb({ url, poolSize: 1 });
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.close();
    });
    return database;
  }
  const database = await createDb({});
  afterAll(() => database.close());
  return database;
}
