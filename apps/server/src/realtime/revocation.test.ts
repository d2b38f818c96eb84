import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../modules/auth/index';
import { addUser, type ChatFixture, call, chatApp, chatFixture, connect } from '../modules/chat/testing';

// The periodic sweep is pushed out of reach, so only the revocation itself can close the sockets.
let f: ChatFixture;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  f = await chatFixture();
  app = await chatApp(f, { pingIntervalMs: 3_600_000, authTimeoutMs: 300 });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

function cookieOf(setCookie: string | string[] | undefined): string {
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (line ?? '').split(';')[0]!;
}

describe('forced logout (event 14) at once', () => {
  it('reaches the sockets of a session that logs out', async () => {
    const u = await addUser(f);
    const c = connect(base, { type: '7' }, { cookie: u.cookie });
    await c.next((e) => e.code === 2);
    expect((await call(app, 'POST', 'users/logout', {}, u.cookie)).code).toBe(1);
    expect((await c.next((e) => e.code === 14)).msg).toBe(Codes.SESSION_EXPIRED.msg);
    expect((await c.closed).code).toBe(4014);
  });

  it('reaches the other sessions when the password changes, with the -99 text', async () => {
    const userName = `rv${Date.now().toString(36)}`.slice(0, 20);
    const password = passwordDigest(userName, 'Abc12345');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const reg = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      headers: form,
      payload: new URLSearchParams({ userName, password }).toString(),
    });
    expect(reg.json().code).toBe(1);
    const first = cookieOf(reg.headers['set-cookie']);
    const login = await app.inject({
      method: 'POST',
      url: '/v1/users/login',
      headers: form,
      payload: new URLSearchParams({ userName, password }).toString(),
    });
    const second = cookieOf(login.headers['set-cookie']);

    const c = connect(base, { type: '7' }, { cookie: first });
    await c.next((e) => e.code === 2);
    const newPassword = passwordDigest(userName, 'Xyz98765');
    const reset = await call(
      app,
      'POST',
      'users/resetPassword',
      { oldPassword: password, newPassword },
      second,
    );
    expect(reset.code).toBe(1);
    expect((await c.next((e) => e.code === 14)).msg).toBe(Codes.PASSWORD_RESET.msg);
    expect((await c.closed).code).toBe(4014);
  });
});
