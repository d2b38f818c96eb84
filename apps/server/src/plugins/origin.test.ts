import { Codes } from '@lottery/contract/codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEMO_PASSWORD } from '../db/seed';
import { form, json, passwordDigest, sessionCookie, type TestApp, testApp, testConfig } from '../test/app';
import { FOREIGN_ORIGIN_MSG } from './origin';

const HOST = 'lottery.example.com';

describe('cross-site request refusal (issue 9 item 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({
      config: testConfig({ ALLOWED_ORIGINS: 'https://m.partner.example, https://www.example.net/' }),
    });
  });

  const login = (headers: Record<string, string> = {}) => {
    const f = form({
      userName: 'player01',
      password: passwordDigest('player01', DEMO_PASSWORD),
      random: 'r1',
    });
    return t.app.inject({
      method: 'POST',
      url: '/v1/users/login',
      payload: f.payload,
      headers: { ...f.headers, host: HOST, ...headers },
    });
  };
  const refused = { code: Codes.INVALID_PARAM.code, msg: FOREIGN_ORIGIN_MSG };

  it('refuses a POST whose Origin is another site, with a session cookie or without', async () => {
    const foreign = await login({ origin: 'https://evil.example.org' });
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign)).toEqual(refused);
    expect(foreign.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    const cookie = sessionCookie(await login());
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v1/users/logout',
      headers: { host: HOST, cookie, origin: `https://${HOST}.evil.example.org` },
    });
    expect(logout.statusCode).toBe(403);
    expect(json(logout)).toEqual(refused);
    // the session survived the forged logout
    const info = await t.app.inject({
      method: 'GET',
      url: '/v1/users/isLogin',
      headers: { host: HOST, cookie },
    });
    expect(json(info)).toMatchObject({ code: Codes.OK.code, data: true });
  });

  it('judges by Referer when Origin is absent, and refuses an opaque "null" origin', async () => {
    expect(json(await login({ referer: 'https://evil.example.org/page?x=1' }))).toEqual(refused);
    expect(json(await login({ origin: 'null' }))).toEqual(refused);
    expect(json(await login({ referer: 'not a url' }))).toEqual(refused);
    expect(json(await login({ referer: `https://${HOST}/login` })).code).toBe(Codes.OK.code);
  });

  it('serves our own pages, the operator allow-list, and non-browser callers with neither header', async () => {
    expect(json(await login({ origin: `https://${HOST}` })).code).toBe(Codes.OK.code);
    expect(json(await login({ origin: `http://${HOST}` })).code).toBe(Codes.OK.code);
    expect(json(await login({ origin: 'https://m.partner.example' })).code).toBe(Codes.OK.code);
    expect(json(await login({ origin: 'https://www.example.net' })).code).toBe(Codes.OK.code);
    // an allow-listed host with another scheme is another origin
    expect(json(await login({ origin: 'http://m.partner.example' }))).toEqual(refused);
    expect(json(await login())).toMatchObject({ code: Codes.OK.code });
  });

  it('leaves reads alone: a GET with a foreign Origin is answered', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/betting/getServerTimeMillisecond',
      headers: { host: HOST, origin: 'https://evil.example.org' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).code).toBe(Codes.OK.code);
  });

  it('outside production lets loopback pages in (the Vite dev proxy rewrites Host); production does not', async () => {
    const dev = await login({ origin: 'http://localhost:5173' });
    expect(json(dev).code).toBe(Codes.OK.code);
    const prod = await testApp({ config: testConfig({ NODE_ENV: 'production' }) });
    const f = form({ userName: 'nobody1', password: 'a'.repeat(64), random: 'r1' });
    const res = await prod.app.inject({
      method: 'POST',
      url: '/v1/users/login',
      payload: f.payload,
      headers: { ...f.headers, host: HOST, origin: 'http://localhost:5173' },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual(refused);
  });

  it('lets the chat socket open from an allow-listed origin and refuses it from a foreign one', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base.replace('http', 'ws')}/v1/broadCast/chat?type=1&roomId=lobby&guestCode=guestOrigin01`;
    const opens = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(url, { origin });
        ws.once('open', () => {
          ws.close();
          resolve(true);
        });
        ws.once('unexpected-response', () => resolve(false));
        ws.once('error', () => resolve(false));
      });
    expect(await opens('https://m.partner.example')).toBe(true);
    expect(await opens('https://evil.example.org')).toBe(false);
  });

  it('rejects a malformed allow-list at start-up with one clear line', () => {
    expect(() => testConfig({ ALLOWED_ORIGINS: 'm.partner.example' })).toThrow(
      'ALLOWED_ORIGINS: ALLOWED_ORIGINS must list http(s):// origins',
    );
  });
});
