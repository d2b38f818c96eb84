import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Codes } from '@lottery/contract/codes';
import { describe, expect, it } from 'vitest';
import { form, passwordDigest, sessionCookie, testApp, testConfig } from './test/app';

describe('app shell', async () => {
  const { app } = await testApp();
  const isLogin = (url: string) => app.inject({ method: 'GET', url });

  it('reaches a route as /v1/path and as /v1/enpath/{base64} and /v1/enpath/{base64url}', async () => {
    const path = 'management/content/getSupportFront';
    const plain = await isLogin(`/v1/${path}`);
    const b64 = await isLogin(`/v1/enpath/${Buffer.from(path).toString('base64')}`);
    const b64url = await isLogin(`/v1/enpath/${Buffer.from(path).toString('base64url')}`);
    expect(plain.json().code).toBe(1);
    expect(b64.json()).toEqual(plain.json());
    expect(b64url.json()).toEqual(plain.json());
  });

  it('keeps the query string outside the encoded path', async () => {
    const res = await isLogin(
      `/v1/enpath/${Buffer.from('users/checkUser').toString('base64')}?userName=player01`,
    );
    expect(res.json()).toEqual({ code: 1, msg: Codes.OK.msg, data: { exists: true } });
  });

  it('answers an unknown path, a bad enpath and a wrong method with NOT_FOUND, never a stack trace', async () => {
    for (const url of [
      '/v1/nothing/here',
      '/v1/enpath/@@@',
      `/v1/enpath/${Buffer.from('../x').toString('base64')}`,
    ]) {
      const res = await isLogin(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: Codes.NOT_FOUND.code, msg: Codes.NOT_FOUND.msg });
    }
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/v1/users/isLogin' });
    expect(wrongMethod.json().code).toBe(Codes.NOT_FOUND.code);
  });

  it('turns malformed bodies into a -2 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/login',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: Codes.INVALID_PARAM.code, msg: Codes.INVALID_PARAM.msg });
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('hides internal failures behind -500 without details', async () => {
    const broken = (await testApp()).app;
    broken.get('/v1/__test__/boom', async () => {
      throw new Error('secret internal detail');
    });
    const res = await broken.inject({ method: 'GET', url: '/v1/__test__/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: Codes.SERVER_ERROR.code, msg: Codes.SERVER_ERROR.msg });
    expect(res.body).not.toContain('secret');
  });

  it('serves the built web app with index.html for client routes, but not for /v1', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'app.js'), 'console.log(1)');
    const web = (await testApp({ config: testConfig({ WEB_DIST: dist }) })).app;
    const route = await web.inject({ method: 'GET', url: '/userCenter' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>app</title>');
    expect((await web.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    expect((await web.inject({ method: 'GET', url: '/v1/missing' })).json().code).toBe(Codes.NOT_FOUND.code);
    expect((await web.inject({ method: 'GET', url: '/static/brand/logo.svg' })).statusCode).toBe(200);
  });

  it('recognises the session on enpath requests', async () => {
    const login = await app.inject({
      method: 'POST',
      url: `/v1/enpath/${Buffer.from('users/login').toString('base64')}`,
      ...form({ userName: 'player01', password: passwordDigest('player01', 'Demo@2026') }),
    });
    const cookie = sessionCookie(login);
    const info = await app.inject({
      method: 'GET',
      url: `/v1/enpath/${Buffer.from('users/info').toString('base64url')}`,
      headers: { cookie },
    });
    expect(info.json()).toMatchObject({ code: 1, data: { userName: 'player01' } });
  });
});
