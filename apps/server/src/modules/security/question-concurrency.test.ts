import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { form, json, passwordDigest, sessionCookie, testApp, uniqueName } from '../../test/app';
import { encryptSafetyPassword } from './safety-password-cipher-client';
import { QUESTION_MAX_ATTEMPTS } from './service';

// Simultaneous answers really overlap only on PostgreSQL (PGlite is one connection).
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

let app: FastifyInstance;
let clock: ManualClock;

beforeAll(async () => {
  const t = await testApp();
  app = t.app;
  clock = t.clock;
});

const post = async (path: string, body: Record<string, string | number>, cookie = '', ip = '127.0.0.1') =>
  json(
    await app.inject({
      method: 'POST',
      url: `/v1/${path}`,
      remoteAddress: ip,
      ...form(body),
      headers: { ...form(body).headers, ...(cookie ? { cookie } : {}) },
    }),
  );

describe.runIf(onPostgres)('security question under concurrency (PostgreSQL)', () => {
  it('20 simultaneous wrong answers from many IPs: 5 are checked, the rest refused as too many', async () => {
    const userName = uniqueName('q');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      ...form({ userName, password: passwordDigest(userName, 'Abc12345') }),
    });
    const cookie = sessionCookie(res);
    const safety = () => encryptSafetyPassword('482913', userName, clock.now());
    expect((await post('users/setSafetyPassword', { safetyPassword: safety() }, cookie)).code).toBe(1);
    expect(
      (
        await post(
          'users/setSafetyQuestion',
          { questionId: 3, answer: '上海', safetyPassword: safety() },
          cookie,
        )
      ).code,
    ).toBe(1);

    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          'users/verifySafetyQuestion',
          { userName, questionId: 3, answer: `北京${i}` },
          '',
          `10.77.${i}.${Math.floor(Math.random() * 250) + 1}`,
        ),
      ),
    );
    const checked = replies.filter((r) => r.msg === '密保问题或答案错误');
    expect(checked.length).toBeLessThanOrEqual(QUESTION_MAX_ATTEMPTS);
    expect(replies.filter((r) => r.msg === '密保验证失败次数过多，请联系客服')).toHaveLength(
      20 - checked.length,
    );
    expect(
      (await post('users/verifySafetyQuestion', { userName, questionId: 3, answer: '上海' })).code,
    ).not.toBe(1);
  });
});
