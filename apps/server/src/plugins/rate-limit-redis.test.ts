import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { type AddressInfo, connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, json, passwordDigest, sessionCookie, testApp, testConfig, uniqueName } from '../test/app';
import { connectRateLimitRedis } from './rate-limit-redis';

/** With REDIS_URL two processes share one limit (per IP and per account), as behind a balancer. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: FastifyInstance;
let b: FastifyInstance;
// a fresh address and account per run, so counters left in Redis by an earlier run never count
const ip = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

beforeAll(async () => {
  const config = testConfig({ REDIS_URL: redisUrl });
  const limits = { loginPerIp: 3, perAccount: 3 };
  a = (await testApp({ config, limits })).app;
  b = (await testApp({ config, limits })).app;
}, 60_000);

const login = (app: FastifyInstance, userName: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/users/login',
    remoteAddress,
    ...form({ userName, password: passwordDigest(userName, 'Wrong@123') }),
  });

describe('rate limits in Redis', () => {
  it('counts login attempts from one IP across processes', async () => {
    const from = ip();
    expect(json(await login(a, uniqueName('ra'), from)).code).toBe(-1);
    expect(json(await login(b, uniqueName('rb'), from)).code).toBe(-1);
    expect(json(await login(a, uniqueName('rc'), from)).code).toBe(-1);
    expect(json(await login(b, uniqueName('rd'), from))).toEqual({
      code: Codes.TOO_FREQUENT.code,
      msg: Codes.TOO_FREQUENT.msg,
    });
    expect(json(await login(b, uniqueName('re'), ip())).code).toBe(-1);
  });

  it('counts attempts naming one account across processes and IPs', async () => {
    const name = `${uniqueName('acc').slice(0, 12)}${randomInt(0, 1e6)}`;
    expect(json(await login(a, name, ip())).code).toBe(-1);
    expect(json(await login(b, name, ip())).code).toBe(-1);
    expect(json(await login(a, name, ip())).code).toBe(-1);
    expect(json(await login(b, name, ip())).code).toBe(Codes.TOO_FREQUENT.code);
  });
});

/**
 * A private redis-server on a free port that the test stops and starts again, so an outage never
 * touches the machine's own Redis. Nothing is saved to disk.
 */
class PrivateRedis {
  private process: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.process = server;
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await accepts(this.port)) return;
      await sleep(50);
    }
    throw new Error(`redis-server on ${this.port} did not start`);
  }

  async stop(): Promise<void> {
    const server = this.process;
    this.process = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls until `check` holds, at most `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await sleep(25);
  }
}

describe('rate limits while Redis is away', () => {
  let redis: PrivateRedis;
  let c: FastifyInstance;
  let d: FastifyInstance;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    const config = testConfig({ REDIS_URL: redis.url });
    const limits = { loginPerIp: 3, perAccount: 3 };
    c = (await testApp({ config, limits })).app;
    d = (await testApp({ config, limits })).app;
  }, 60_000);

  afterAll(async () => {
    await redis?.stop();
  });

  /** A login answer within the 2 s the issue allows, never a hang until Redis returns. */
  async function quickLogin(app: FastifyInstance, userName: string, from: string) {
    const started = Date.now();
    const body = json(await login(app, userName, from));
    expect(Date.now() - started).toBeLessThan(2000);
    return body;
  }

  it('keeps counting per IP and per account in each process, then shares counters again', async () => {
    await redis.stop();
    await until(() => !c.rateLimitRedis?.isUp() && !d.rateLimitRedis?.isUp());
    const unready = await c.inject({ method: 'GET', url: '/readyz' });
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toMatchObject({ checks: { redis: 'down' } });

    // per IP: the fourth attempt from one address on one process is refused
    const from = ip();
    for (let i = 0; i < 3; i++) expect((await quickLogin(c, uniqueName('oa'), from)).code).toBe(-1);
    expect((await quickLogin(c, uniqueName('ob'), from)).code).toBe(Codes.TOO_FREQUENT.code);

    // per account: the fourth attempt naming one account is refused, whatever the address
    const name = `${uniqueName('oc').slice(0, 12)}${randomInt(0, 1e6)}`;
    for (let i = 0; i < 3; i++) expect((await quickLogin(d, name, ip())).code).toBe(-1);
    expect((await quickLogin(d, name, ip())).code).toBe(Codes.TOO_FREQUENT.code);

    // password checks: the fourth from one address in a minute is refused
    const player = ip();
    const signedIn = await c.inject({
      method: 'POST',
      url: '/v1/users/login',
      remoteAddress: player,
      ...form({ userName: 'player01', password: passwordDigest('player01', 'Demo@2026') }),
    });
    expect(json(signedIn).code).toBe(1);
    const verify = () =>
      c.inject({
        method: 'POST',
        url: '/v1/users/verifyPassword',
        remoteAddress: player,
        headers: { ...form({}).headers, cookie: sessionCookie(signedIn) },
        payload: 'password=wrong',
      });
    for (let i = 0; i < 3; i++) expect(json(await verify()).code).not.toBe(Codes.TOO_FREQUENT.code);
    expect(json(await verify()).code).toBe(Codes.TOO_FREQUENT.code);

    await redis.start();
    await until(() => Boolean(c.rateLimitRedis?.isUp() && d.rateLimitRedis?.isUp()));

    expect((await c.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // back on Redis: one address is counted across both processes again
    const shared = ip();
    expect((await quickLogin(c, uniqueName('od'), shared)).code).toBe(-1);
    expect((await quickLogin(d, uniqueName('oe'), shared)).code).toBe(-1);
    expect((await quickLogin(c, uniqueName('of'), shared)).code).toBe(-1);
    expect((await quickLogin(d, uniqueName('og'), shared)).code).toBe(Codes.TOO_FREQUENT.code);
  }, 30_000);
});

describe('rate-limit Redis connection log', () => {
  it('logs the loss once, a count while down, and the return once, not a line per attempt', async () => {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    const lines: { level: 'info' | 'warn'; msg: string; obj: Record<string, unknown> }[] = [];
    const log = {
      info: (obj: object, msg: string) =>
        lines.push({ level: 'info', msg, obj: obj as Record<string, unknown> }),
      warn: (obj: object, msg: string) =>
        lines.push({ level: 'warn', msg, obj: obj as Record<string, unknown> }),
    };
    const link = await connectRateLimitRedis(redis.url, log, { summaryEveryMs: 1000 });
    try {
      expect(link.isUp()).toBe(true);
      await redis.stop();
      await sleep(2500);
      await redis.start();
      await until(() => link.isUp());

      const [lost, ...rest] = lines;
      const back = rest.at(-1)!;
      const summaries = rest.slice(0, -1);
      expect(lost).toMatchObject({ level: 'warn', msg: expect.stringContaining('connection lost') });
      expect(back).toMatchObject({ level: 'info', msg: expect.stringContaining('connection back') });
      const failures = back.obj.failedAttempts as number;
      expect(failures).toBeGreaterThanOrEqual(3);
      // at most one summary per second of outage, each with the running count
      expect(summaries.length).toBeLessThanOrEqual(3);
      for (const line of summaries) expect(line.obj.failedAttempts).toEqual(expect.any(Number));
      expect(lines.length).toBeLessThan(failures + 1);
    } finally {
      await link.close();
      await redis.stop();
    }
  }, 30_000);
});
