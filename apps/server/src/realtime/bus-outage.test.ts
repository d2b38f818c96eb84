import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  type ChatFixture,
  type Client,
  call,
  chatApp,
  chatFixture,
  connect,
  type TestUser,
} from '../modules/chat/testing';
import { type BusLog, type BusMessage, RedisBus } from './bus';

/**
 * Issue 19 item 3 (chat): a Redis outage. A private redis-server on a free port is started and
 * stopped by this file (the machine's own Redis is never touched). Two app instances share it.
 * What must hold: posts answer quickly while Redis is down and the send limit still holds; when it
 * is back, the sockets that may have missed messages get event 17 and the history call returns
 * what they missed; the bus logs one line when lost and one when back, not one per retry.
 */

let port = 0;
let redis: ChildProcess | undefined;
let f: ChatFixture;
let a: FastifyInstance;
let b: FastifyInstance;
let baseB: string;
let channel: string;
const url = () => `redis://127.0.0.1:${port}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: p } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return p;
}

async function startRedisOn(onPort: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(onPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = createClient({ url: `redis://127.0.0.1:${onPort}`, socket: { reconnectStrategy: false } });
  probe.on('error', () => {});
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      await probe.ping();
      await probe.quit();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('private redis-server did not start');
}

async function stopRedisProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function startRedis(): Promise<void> {
  redis = await startRedisOn(port);
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  await stopRedisProcess(child);
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const post = (app: FastifyInstance, u: TestUser, message: string) =>
  call<{ id: number }>(
    app,
    'POST',
    'chat/addMessage',
    { roomCode: 'lobby', messageTypeId: 1, message },
    u.cookie,
  );

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  f = await chatFixture();
  channel = `chat:test:${randomBytes(6).toString('hex')}`;
  a = await chatApp(f, { redisUrl: url(), channel, pingIntervalMs: 60_000 });
  b = await chatApp(f, { redisUrl: url(), channel, pingIntervalMs: 60_000 });
  baseB = await b.listen({ host: '127.0.0.1', port: 0 });
}, 180_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await f?.close();
  await stopRedis();
});

describe('send limit shared through Redis', () => {
  it('counts a sender’s messages on every process together', async () => {
    const sender = await addUser(f);
    const answers = [];
    // five in 3 s are allowed; spread over two processes the sixth is refused all the same
    for (const app of [a, b, a, b, a, b]) answers.push((await post(app, sender, 'hi')).code);
    expect(answers).toEqual([1, 1, 1, 1, 1, -98]);
  });
});

describe('Redis outage', () => {
  it('keeps posting and limiting, then resyncs the sockets that missed messages', async () => {
    const log = { warn: [] as string[], info: [] as string[], back: {} as { failures?: number } };
    const spyLog: BusLog = {
      warn: (_obj, msg) => log.warn.push(msg),
      info: (obj, msg) => {
        log.info.push(msg);
        log.back = obj;
      },
    };
    const watcher = await RedisBus.connect(
      url(),
      `chat:test:watch:${randomBytes(4).toString('hex')}`,
      spyLog,
    );

    const writer = await addUser(f);
    const reader = await addUser(f);
    const onB: Client = connect(baseB, { type: '1', roomId: 'lobby' }, { cookie: reader.cookie });
    await onB.next((e) => e.code === 2 && e.success === true);
    const before = await post(a, writer, '停电前');
    await onB.next((e) => e.code === 1 && (e.data as { id: number }).id === before.data.id);

    await stopRedis();
    await until(() => a.chatModule.hub.bus.isDown() && b.chatModule.hub.bus.isDown());

    // A post on A answers at once and is stored; B's socket cannot hear it now.
    f.clock.advance(10_000);
    const started = Date.now();
    const during = await post(a, writer, '停电中');
    expect(during.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    // Presence answers too (this process's own members).
    expect((await call<number>(b, 'GET', 'broadCast/getOnlineCount', { roomCode: 'lobby' })).code).toBe(1);
    // The send limit holds per process while Redis is away: never fails open.
    const burst = [];
    for (let i = 0; i < 5; i++) burst.push((await post(a, writer, `x${i}`)).code);
    expect(burst).toEqual([1, 1, 1, 1, -98]);

    await new Promise((r) => setTimeout(r, 1500)); // several reconnect attempts fail meanwhile
    await startRedis();

    // B's socket is told to resync, and the history call returns what it missed.
    const resync = await onB.next((e) => e.code === 17, 10_000);
    expect(resync.data).toEqual({ roomId: (await a.chatModule.chat.room(f.tenantId, 'lobby')).id });
    const missed = await call<{ rows: { id: number; message: string }[]; hasMore: boolean }>(
      b,
      'GET',
      'chat/getMessageListWeb',
      { roomCode: 'lobby', afterId: before.data.id },
      reader.cookie,
    );
    expect(missed.code).toBe(1);
    expect(missed.data.rows.map((m) => m.message)).toContain('停电中');
    expect(missed.data.rows[0]!.id).toBeGreaterThan(before.data.id);
    expect(onB.events.some((e) => e.code === 1 && (e.data as { id: number }).id === during.data.id)).toBe(
      false,
    );

    // and the bus carries messages across processes again
    f.clock.advance(10_000);
    await until(() => !a.chatModule.hub.bus.isDown() && !b.chatModule.hub.bus.isDown());
    const after = await post(a, writer, '恢复后');
    await onB.next((e) => e.code === 1 && (e.data as { id: number }).id === after.data.id);

    await until(() => log.info.length > 0);
    expect(log.warn.filter((m) => m.includes('lost'))).toHaveLength(1);
    expect(log.warn.length).toBeLessThanOrEqual(2); // at most one "still down" besides
    expect(log.info).toHaveLength(1);
    expect(log.info[0]).toMatch(/back/);
    expect(log.back.failures).toBeGreaterThan(1); // the count of failed attempts in between
    await watcher.close();
    onB.ws.close();
  }, 60_000);
});

describe('one process loses Redis, the others do not', () => {
  it('asks the others to resync the rooms it posted to while cut off', async () => {
    // C connects as its own Redis user, so it alone can be cut off (and kept off) with ACLs.
    const admin = createClient({ url: url() });
    admin.on('error', () => {});
    await admin.connect();
    await admin.sendCommand(['ACL', 'SETUSER', 'procc', 'on', '>pw', '~*', '&*', '+@all']);
    const c = await chatApp(f, {
      redisUrl: `redis://procc:pw@127.0.0.1:${port}`,
      channel,
      pingIntervalMs: 60_000,
    });
    try {
      const writer = await addUser(f);
      const reader = await addUser(f);
      const onB: Client = connect(baseB, { type: '1', roomId: 'lobby' }, { cookie: reader.cookie });
      await onB.next((e) => e.code === 2 && e.success === true);

      await admin.sendCommand(['ACL', 'SETUSER', 'procc', 'off']);
      await admin.sendCommand(['CLIENT', 'KILL', 'USER', 'procc']);
      await until(() => c.chatModule.hub.bus.isDown());
      expect(b.chatModule.hub.bus.isDown()).toBe(false);
      f.clock.advance(10_000);
      const cut = await post(c, writer, '断线进程');
      expect(cut.code).toBe(1);

      await admin.sendCommand(['ACL', 'SETUSER', 'procc', 'on']);
      // B never lost its link: only C's request can make its socket resync
      const resync = await onB.next((e) => e.code === 17, 10_000);
      expect(resync.data).toEqual({ roomId: (await b.chatModule.chat.room(f.tenantId, 'lobby')).id });
      expect(onB.events.some((e) => e.code === 1 && (e.data as { id: number }).id === cut.data.id)).toBe(
        false,
      );
      onB.ws.close();
    } finally {
      await c.close();
      await admin.quit();
    }
  }, 60_000);
});

describe('a process starting while Redis is down', () => {
  it('starts in outage mode, serves its own sockets, and joins when Redis comes up', async () => {
    const laterPort = await freePort();
    const log = { warn: [] as string[], info: [] as string[] };
    const spyLog: BusLog = {
      warn: (_obj, msg) => log.warn.push(msg),
      info: (_obj, msg) => log.info.push(msg),
    };
    const started = Date.now();
    const bus = await RedisBus.connect(`redis://127.0.0.1:${laterPort}`, 'chat:test:late', spyLog);
    let later: ChildProcess | undefined;
    try {
      expect(Date.now() - started).toBeLessThan(5000);
      expect(bus.isDown()).toBe(true);
      const delivered: BusMessage[] = [];
      const resyncs: unknown[] = [];
      bus.subscribe((m) => delivered.push(m));
      bus.onResync((scope) => resyncs.push(scope));
      await bus.publish({ t: 'room', roomId: 1, payload: '{}' });
      expect(delivered).toHaveLength(1); // this process's own sockets still get it

      later = await startRedisOn(laterPort);
      await until(() => !bus.isDown());
      await until(() => resyncs.length > 0);
      expect(resyncs[0]).toEqual({});
      expect(log.warn.filter((m) => m.includes('lost'))).toHaveLength(1);
      expect(log.info).toHaveLength(1);
      // subscribed: a publish now comes back through Redis
      await bus.publish({ t: 'user', userId: 7, payload: '{}' });
      await until(() => delivered.some((m) => m.t === 'user'));
    } finally {
      await bus.close();
      await stopRedisProcess(later);
    }
  }, 60_000);
});
