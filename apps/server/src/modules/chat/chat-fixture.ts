import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { WebSocket } from 'ws';
import { build } from '../../app';
import { ManualClock } from '../../clock';
import { type Config, loadConfig } from '../../config';
import { createDb, type Database } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { queryOne } from '../../db/sql';
import type { ChatOptions } from '../../realtime/setup';
import { createSession } from '../auth/index';
import { encryptSafetyPassword, setSafetyPassword } from '../security/index';
import { houseAccount, playerAccount, postTransfer } from '../wallet/index';

/**
 * Chat tests and the chat bench: one migrated, seeded database (PGlite in memory, or a fresh
 * PostgreSQL schema with TEST_DB_KIND=postgres), any number of apps on it, real sockets.
 */
export type ChatFixture = {
  database: Database;
  clock: ManualClock;
  config: Config;
  tenantId: number;
  close(): Promise<void>;
};

export function chatConfig(extra: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TENANT_CODE: 'demo',
    WEB_DIST: '/nonexistent',
    DATA_DIR: `/tmp/chat-test-${process.pid}`,
    ...extra,
  });
}

export async function chatFixture(
  options: { postgresUrl?: string; poolSize?: number; connectTimeoutMs?: number } = {},
): Promise<ChatFixture> {
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 4, 0, 0));
  const config = chatConfig();
  const url =
    options.postgresUrl ??
    (process.env.TEST_DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined);
  let database: Database;
  let drop = async () => {};
  if (url) {
    const schema = `chat_${randomBytes(6).toString('hex')}`;
    const admin = await createDb({ url, poolSize: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    database = await createDb({
      url,
      poolSize: options.poolSize ?? 10,
      searchPath: schema,
      connectTimeoutMs: options.connectTimeoutMs,
    });
    drop = async () => {
      const c = await createDb({ url, poolSize: 1 });
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.close();
    };
  } else {
    database = await createDb({});
  }
  await prepareDatabase(database, config, clock);
  const tenant = await queryOne<{ id: number }>(database.db, sql`SELECT id FROM tenants WHERE code = 'demo'`);
  return {
    database,
    clock,
    config,
    tenantId: tenant!.id,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

export async function chatApp(
  f: ChatFixture,
  chat: ChatOptions = {},
  config: Config = f.config,
): Promise<FastifyInstance> {
  return build({
    config,
    database: f.database,
    clock: f.clock,
    logLevel: 'silent',
    chat: { redisUrl: '', refundIntervalMs: 0, pushPlanIntervalMs: 0, ...chat },
  });
}

let seq = 0;
export type TestUser = { userId: number; userName: string; cookie: string };

/** A user (grade as given) with a live session cookie. */
export async function addUser(
  f: ChatFixture,
  options: { grade?: number; prefix?: string } = {},
): Promise<TestUser> {
  seq += 1;
  const userName = `${options.prefix ?? 'c'}${randomBytes(3).toString('hex')}${seq}`.slice(0, 20);
  const now = f.clock.now();
  const row = await queryOne<{ id: number }>(
    f.database.db,
    sql`INSERT INTO users (tenant_id, user_name, password_hash, nick_name, grade, rebate_updated_at, password_changed_at, created_at)
        VALUES (${f.tenantId}, ${userName}, 'x', ${`昵称${userName}`}, ${options.grade ?? 1}, ${now}, ${now}, ${now}) RETURNING id::int`,
  );
  const token = await createSession(f.database.db, {
    tenantId: f.tenantId,
    userId: row!.id,
    ip: '127.0.0.1',
    userAgent: 'test',
    now,
  });
  return { userId: row!.id, userName, cookie: `sid=${token}` };
}

export async function userNamed(f: ChatFixture, userName: string): Promise<TestUser> {
  const row = await queryOne<{ id: number }>(
    f.database.db,
    sql`SELECT id::int FROM users WHERE user_name = ${userName}`,
  );
  const token = await createSession(f.database.db, {
    tenantId: f.tenantId,
    userId: row!.id,
    ip: '127.0.0.1',
    userAgent: 'test',
    now: f.clock.now(),
  });
  return { userId: row!.id, userName, cookie: `sid=${token}` };
}

export const SAFETY_PASSWORD = '135790';

export async function giveSafetyPassword(f: ChatFixture, u: TestUser): Promise<void> {
  const now = f.clock.now();
  await setSafetyPassword(
    f.database.db,
    { userId: u.userId, userName: u.userName },
    { safetyPassword: encryptSafetyPassword(SAFETY_PASSWORD, u.userName, now) },
    now,
  );
}

export function safetyWire(f: ChatFixture, u: TestUser, password = SAFETY_PASSWORD): string {
  return encryptSafetyPassword(password, u.userName, f.clock.now());
}

/** Credit a player from the house (manual deposit, type 401). */
export async function fund(f: ChatFixture, u: TestUser, amountMinor: bigint): Promise<void> {
  const house = await houseAccount(f.database.db, f.tenantId);
  const player = await playerAccount(f.database.db, f.tenantId, u.userId);
  await postTransfer(
    f.database.db,
    {
      idempotencyKey: `test:fund:${u.userId}:${randomBytes(4).toString('hex')}`,
      typeCode: 401,
      lines: [
        { accountId: house, amountMinor: -amountMinor },
        { accountId: player, amountMinor },
      ],
    },
    f.clock.now(),
  );
}

/** Form POST / GET with a cookie, answering the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string | number | undefined> = {},
  cookie?: string,
): Promise<{ code: number; msg: string; data: T }> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, String(v));
  const opts: InjectOptions =
    method === 'GET'
      ? { method, url: `/v1/${path}?${qs}` }
      : {
          method,
          url: `/v1/${path}`,
          payload: qs.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        };
  if (cookie) opts.headers = { ...(opts.headers ?? {}), cookie };
  return (await app.inject(opts)).json();
}

/** A real ws client that records every event it receives. */
export type Client = {
  ws: WebSocket;
  events: { code: number; type?: number; [k: string]: unknown }[];
  /** Resolves with the first event (already received or future) matching. */
  next(
    match: (e: Client['events'][number]) => boolean,
    timeoutMs?: number,
  ): Promise<Client['events'][number]>;
  closed: Promise<{ code: number }>;
};

export function connect(
  baseUrl: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
  path = '/v1/broadCast/chat',
): Client {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}${path}?${new URLSearchParams(query)}`, {
    headers,
  });
  const events: Client['events'] = [];
  const waiters: {
    match: (e: Client['events'][number]) => boolean;
    resolve: (e: Client['events'][number]) => void;
  }[] = [];
  ws.on('message', (data) => {
    const e = JSON.parse(data.toString());
    if (e.code === 6 && e.data === 'ping') ws.send(JSON.stringify({ code: 6, data: 'pong' }));
    events.push(e);
    for (const w of [...waiters])
      if (w.match(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  ws.on('error', () => {});
  return {
    ws,
    events,
    closed,
    next(match, timeoutMs = 5000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`no matching event; got ${JSON.stringify(events)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(t);
            resolve(e);
          },
        });
      });
    },
  };
}
