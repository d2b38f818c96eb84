import { randomInt } from 'node:crypto';
import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { form, json, passwordDigest, testApp, testConfig, uniqueName } from '../test/app';

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
