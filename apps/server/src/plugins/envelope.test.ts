import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { testApp } from '../test/app';
import { registerEnvelope } from './envelope';

/**
 * The last line of defence behind the contract (issue 37 §2): when PostgreSQL still refuses a
 * value as data (SQLSTATE class 22: an int4 out of range, text that is not a number, a NUL byte),
 * the caller sent a bad parameter: -2, never a 500. Real queries on this file's database.
 */
describe('global error handler: the database refusing a value', () => {
  let database: Database;
  // migrating and seeding is the slow part: a hook's time, not the tests'
  beforeAll(async () => {
    ({ database } = await testApp());
  });

  async function appOn() {
    const app = Fastify({ logger: false });
    registerEnvelope(app);
    app.get('/int4', async () => database.query('SELECT $1::int4 AS v', ['2147483648']));
    app.get('/not-a-number', async () => database.query('SELECT $1::bigint AS v', ['12abc']));
    app.get('/nul', async () => database.query('SELECT $1::text AS v', ['a\u0000b']));
    app.get('/wrapped', async () => {
      try {
        await database.query('SELECT $1::int4 AS v', ['9223372036854775808']);
      } catch (cause) {
        throw new Error('Failed query', { cause });
      }
    });
    app.get('/bug', async () => {
      throw new Error('a real defect');
    });
    return app;
  }

  it('answers -2 参数错误 with HTTP 200 for out-of-range, malformed and NUL values', async () => {
    const app = await appOn();
    for (const url of ['/int4', '/not-a-number', '/nul', '/wrapped']) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 200,
        body: { code: -2, msg: '参数错误' },
      });
    }
    await app.close();
  });

  it('still answers any other failure as a server error (-500, HTTP 500)', async () => {
    const app = await appOn();
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: -500, msg: '系统繁忙，请稍后再试' });
    await app.close();
  });
});
