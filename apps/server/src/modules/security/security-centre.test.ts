import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { form, json, passwordDigest, sessionCookie, testApp, testConfig, uniqueName } from '../../test/app';
import { WALLET_COMMANDS } from '../payment/admin-commands';
import { readOutbox } from './outbox';
import { encryptSafetyPassword } from './safety-password-cipher-client';

let app: FastifyInstance;
let clock: ManualClock;
let database: Awaited<ReturnType<typeof testApp>>['database'];

type Reply = { code: number; msg: string; data?: Record<string, unknown> & unknown };

async function call(
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, string | number> = {},
  cookie = '',
) {
  const res = await app.inject({
    method,
    url: `/v1/${path}`,
    ...(method === 'POST' ? form(body) : {}),
    headers: { ...(method === 'POST' ? form(body).headers : {}), ...(cookie ? { cookie } : {}) },
  });
  return json(res) as Reply;
}

async function register() {
  const userName = uniqueName('s');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    ...form({ userName, password: passwordDigest(userName, 'Abc12345') }),
  });
  expect(json(res).code).toBe(1);
  return { userName, cookie: sessionCookie(res) };
}

/** The latest code the outbox holds for a phone or mail address, as the operator reads it. */
async function codeFor(target: string): Promise<string> {
  const row = (await readOutbox(database.db, 50)).find((m) => m.target === target);
  const code = row && /验证码为(\d{6})/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code for ${target}`);
  return code;
}

const login = async (userName: string, password: string) =>
  json(
    await app.inject({
      method: 'POST',
      url: '/v1/users/login',
      ...form({ userName, password: passwordDigest(userName, password) }),
    }),
  ).code;

beforeAll(async () => {
  const t = await testApp();
  app = t.app;
  clock = t.clock;
  database = t.database;
});

describe('security centre', () => {
  it('binds a phone with a code delivered through the outbox', async () => {
    const u = await register();
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const bad = await call('POST', 'users/sendPhoneCode', { phone: '12345' }, u.cookie);
    expect(bad.msg).toBe('手机号码格式不正确');
    expect((await call('POST', 'users/sendPhoneCode', { phone }, u.cookie)).data).toEqual({
      target: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });
    const again = await call('POST', 'users/sendPhoneCode', { phone }, u.cookie);
    expect(again).toMatchObject({ code: Codes.TOO_FREQUENT.code, msg: '验证码发送过于频繁，请60秒后再试' });
    const code = await codeFor(phone);
    const wrong = await call(
      'POST',
      'users/verifyPhoneCode',
      { phone, code: code === '000000' ? '000001' : '000000' },
      u.cookie,
    );
    expect(wrong).toMatchObject({ code: Codes.VERIFY_CODE_WRONG.code });
    expect((await call('POST', 'users/verifyPhoneCode', { phone, code }, u.cookie)).code).toBe(1);
    // a code is spent once
    expect((await call('POST', 'users/verifyPhoneCode', { phone, code }, u.cookie)).code).toBe(
      Codes.VERIFY_CODE_WRONG.code,
    );
    const list = (await call('GET', 'users/securityList', {}, u.cookie)).data as unknown as {
      key: string;
      set: boolean;
    }[];
    expect(list.find((i) => i.key === 'phone')?.set).toBe(true);
    expect(list.find((i) => i.key === 'safetyPassword')?.set).toBe(false);
    expect(await WALLET_COMMANDS.outbox!.run([], { config: testConfig(), database, clock })).toContain(phone);
  });

  it('expires codes after 10 minutes', async () => {
    const u = await register();
    const mail = `${u.userName}@example.com`;
    await call('POST', 'users/sendMailCode', { mail }, u.cookie);
    const code = await codeFor(mail);
    clock.advance(10 * 60_000 + 1);
    expect((await call('POST', 'users/verifyMailCode', { mail, code }, u.cookie)).code).toBe(
      Codes.VERIFY_CODE_WRONG.code,
    );
    await call('POST', 'users/sendMailCode', { mail }, u.cookie);
    expect(
      (await call('POST', 'users/verifyMailCode', { mail, code: await codeFor(mail) }, u.cookie)).code,
    ).toBe(1);
  });

  it('forgotten login password: security question gives a one-use token that resets it', async () => {
    const u = await register();
    const questions = (await call('GET', 'users/safeQuestionList')).data as unknown as { id: number }[];
    expect(questions.length).toBeGreaterThan(3);
    await call(
      'POST',
      'users/setSafetyPassword',
      { safetyPassword: encryptSafetyPassword('482913', u.userName, clock.now()) },
      u.cookie,
    );
    const set = await call(
      'POST',
      'users/setSafetyQuestion',
      {
        questionId: 3,
        answer: '上海 ',
        safetyPassword: encryptSafetyPassword('482913', u.userName, clock.now()),
      },
      u.cookie,
    );
    expect(set.code).toBe(1);
    const wrong = await call('POST', 'users/forgetPassword', {
      userName: u.userName,
      way: 'question',
      questionId: 3,
      answer: '北京',
    });
    expect(wrong).toMatchObject({ code: -1, msg: '密保问题或答案错误' });
    const right = await call('POST', 'users/forgetPassword', {
      userName: u.userName,
      way: 'question',
      questionId: 3,
      answer: '上海',
    });
    const token = (right.data as { token: string }).token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const reset = await call('POST', 'users/forgetPasswordReset', {
      token,
      password: passwordDigest(u.userName, 'Newpass99'),
    });
    expect(reset.code).toBe(1);
    expect(
      (
        await call('POST', 'users/forgetPasswordReset', {
          token,
          password: passwordDigest(u.userName, 'Other111'),
        })
      ).code,
    ).toBe(-1);
    expect(await login(u.userName, 'Abc12345')).not.toBe(1);
    expect(await login(u.userName, 'Newpass99')).toBe(1);
    // the old session was revoked with the reset
    expect((await call('GET', 'balance/queryBalanceFront', {}, u.cookie)).code).not.toBe(1);
  });

  it('forgotten login password by a bound phone code', async () => {
    const u = await register();
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const unbound = await call('POST', 'users/forgetPassword', { userName: u.userName, way: 'phone' });
    expect(unbound.msg).toBe('该账号未绑定手机');
    await call('POST', 'users/sendPhoneCode', { phone }, u.cookie);
    await call('POST', 'users/verifyPhoneCode', { phone, code: await codeFor(phone) }, u.cookie);
    clock.advance(61_000);
    const sent = await call('POST', 'users/forgetPassword', { userName: u.userName, way: 'phone' });
    expect(sent.data).toMatchObject({ sent: true });
    const withCode = await call('POST', 'users/forgetPassword', {
      userName: u.userName,
      way: 'phone',
      code: await codeFor(phone),
    });
    const token = (withCode.data as { token: string }).token;
    expect(
      (
        await call('POST', 'users/forgetPasswordReset', {
          token,
          password: passwordDigest(u.userName, 'Phone123'),
        })
      ).code,
    ).toBe(1);
    expect(await login(u.userName, 'Phone123')).toBe(1);
  });
});
