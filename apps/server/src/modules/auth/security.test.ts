import { Codes, Messages } from '@lottery/contract/codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/admin';
import { tenants } from '../../db/schema/tenant';
import { form, json, passwordDigest, sessionCookie, testApp, testConfig, uniqueName } from '../../test/app';
import { LOCK_MS, MAX_LOGIN_FAILURES } from './service';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session-repo';

describe('account security', async () => {
  const { app, clock, database, nextCaptcha } = await testApp();

  const register = (userName: string, password: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/v1/users/register',
      ...form({ userName, password: passwordDigest(userName, password), ...extra }),
    });
  const login = (target: typeof app, userName: string, password: string, ip = '127.0.0.1') =>
    target.inject({
      method: 'POST',
      url: '/v1/users/login',
      remoteAddress: ip,
      ...form({ userName, password: passwordDigest(userName, password) }),
    });
  const info = (cookie: string) => app.inject({ method: 'GET', url: '/v1/users/info', headers: { cookie } });

  it('locks an account after 5 wrong passwords, with a clear message, then unlocks', async () => {
    const name = uniqueName('lock');
    expect(json(await register(name, 'Good@123')).code).toBe(1);
    // each of the 5 failures is answered as a wrong password; the 5th locks the next attempts
    for (let i = 1; i <= MAX_LOGIN_FAILURES; i++) {
      expect(json(await login(app, name, 'Bad@1234', `10.0.0.${i}`)).code).toBe(-1);
    }
    const locked = json(await login(app, name, 'Bad@1234', '10.0.1.1'));
    expect(locked).toEqual({ code: Codes.ACCOUNT_LOCKED.code, msg: Messages.accountLocked(15) });
    // Even the right password is refused while locked.
    expect(json(await login(app, name, 'Good@123', '10.0.1.2')).code).toBe(Codes.ACCOUNT_LOCKED.code);
    clock.advance(LOCK_MS - 60_000);
    expect(json(await login(app, name, 'Good@123', '10.0.1.3'))).toEqual({
      code: Codes.ACCOUNT_LOCKED.code,
      msg: Messages.accountLocked(1),
    });
    clock.advance(60_000);
    expect(json(await login(app, name, 'Good@123', '10.0.1.4')).code).toBe(1);
  });

  it('a successful login resets the failure count', async () => {
    const name = uniqueName('reset');
    await register(name, 'Good@123');
    for (let i = 1; i < MAX_LOGIN_FAILURES; i++) await login(app, name, 'Bad@1234', `10.1.0.${i}`);
    expect(json(await login(app, name, 'Good@123', '10.1.1.1')).code).toBe(1);
    expect(json(await login(app, name, 'Bad@1234', '10.1.1.2')).code).toBe(-1);
  });

  it('expires a session after 2 idle hours (code 0), and keeps it alive while used', async () => {
    const name = uniqueName('idle');
    const cookie = sessionCookie(await register(name, 'Good@123'));
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect(json(await info(cookie)).code).toBe(1);
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect(json(await info(cookie)).code).toBe(1);
    clock.advance(SESSION_IDLE_MS);
    expect(json(await info(cookie))).toEqual({ code: 0, msg: Codes.SESSION_EXPIRED.msg });
  });

  it('expires a session 7 days after login even when used all along', async () => {
    const name = uniqueName('abs');
    const cookie = sessionCookie(await register(name, 'Good@123'));
    const step = SESSION_IDLE_MS - 5 * 60_000;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_MS) {
      clock.advance(step);
      elapsed += step;
      expect(json(await info(cookie)).code).toBe(1);
    }
    clock.advance(SESSION_ABSOLUTE_MS - elapsed);
    expect(json(await info(cookie)).code).toBe(0);
  });

  it('rate-limits login per IP (code -98) without affecting other IPs', async () => {
    const limited = (await testApp({ limits: { loginPerIp: 3 } })).app;
    for (let i = 0; i < 3; i++)
      expect(json(await login(limited, 'ghost0001', 'x', '10.9.9.9')).code).toBe(-1);
    expect(json(await login(limited, 'ghost0001', 'x', '10.9.9.9'))).toEqual({
      code: Codes.TOO_FREQUENT.code,
      msg: Codes.TOO_FREQUENT.msg,
    });
    expect(json(await login(limited, 'ghost0001', 'x', '10.9.9.8')).code).toBe(-1);
  });

  it('behind a proxy (TRUST_PROXY) a forged X-Forwarded-For does not escape the per-IP limit', async () => {
    const limited = (
      await testApp({ config: testConfig({ TRUST_PROXY: 'true' }), limits: { loginPerIp: 2 } })
    ).app;
    // the load balancer appends the address it saw; whatever the client put before it is untrusted
    const viaProxy = (forged: string) =>
      limited.inject({
        method: 'POST',
        url: '/v1/users/login',
        remoteAddress: '10.0.0.1',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `${forged}, 10.8.8.8`,
        },
        payload: form({ userName: 'ghost0002', password: passwordDigest('ghost0002', 'x') }).payload,
      });
    expect(json(await viaProxy('1.1.1.1')).code).toBe(-1);
    expect(json(await viaProxy('2.2.2.2')).code).toBe(-1);
    expect(json(await viaProxy('3.3.3.3')).code).toBe(Codes.TOO_FREQUENT.code);
  });

  it('rate-limits attempts per account across IPs, per window of the clock', async () => {
    const limited = (await testApp({ limits: { perAccount: 2 } })).app;
    const name = uniqueName('acct');
    expect(json(await login(limited, name, 'x', '10.2.0.1')).code).toBe(-1);
    expect(json(await login(limited, name, 'x', '10.2.0.2')).code).toBe(-1);
    expect(json(await login(limited, name, 'x', '10.2.0.3')).code).toBe(Codes.TOO_FREQUENT.code);
    expect(json(await login(limited, uniqueName('other'), 'x', '10.2.0.3')).code).toBe(-1);
    clock.advance(5 * 60_000);
    expect(json(await login(limited, name, 'x', '10.2.0.4')).code).toBe(-1);
  });

  it('rate-limits password checks of a signed-in account across IPs (verifyPassword, resetPassword)', async () => {
    const limited = (await testApp({ limits: { perAccount: 2 } })).app;
    const name = uniqueName('pwchk');
    const res = await limited.inject({
      method: 'POST',
      url: '/v1/users/register',
      ...form({ userName: name, password: passwordDigest(name, 'Good@123') }),
    });
    const cookie = sessionCookie(res);
    const check = (path: string, body: Record<string, string>, ip: string) =>
      limited.inject({
        method: 'POST',
        url: path,
        remoteAddress: ip,
        headers: { ...form(body).headers, cookie },
        payload: form(body).payload,
      });
    const wrong = passwordDigest(name, 'Wrong@123');
    expect(json(await check('/v1/users/verifyPassword', { password: wrong }, '10.3.0.1')).code).toBe(-1);
    expect(
      json(await check('/v1/users/resetPassword', { oldPassword: wrong, newPassword: wrong }, '10.3.0.2'))
        .code,
    ).toBe(-1);
    const right = passwordDigest(name, 'Good@123');
    expect(json(await check('/v1/users/verifyPassword', { password: right }, '10.3.0.3')).code).toBe(
      Codes.TOO_FREQUENT.code,
    );
    clock.advance(5 * 60_000);
    expect(json(await check('/v1/users/verifyPassword', { password: right }, '10.3.0.4')).code).toBe(1);
  });

  it('rate-limits register per IP', async () => {
    const limited = (await testApp({ limits: { registerPerIp: 1 } })).app;
    const reg = (name: string) =>
      limited.inject({
        method: 'POST',
        url: '/v1/users/register',
        remoteAddress: '10.3.0.1',
        ...form({ userName: name, password: passwordDigest(name, 'Good@123') }),
      });
    expect(json(await reg(uniqueName('rl'))).code).toBe(1);
    expect(json(await reg(uniqueName('rl'))).code).toBe(Codes.TOO_FREQUENT.code);
  });

  it('requires the captcha and invite code when the tenant says so; a captcha works once', async () => {
    await database.db
      .update(tenants)
      .set({ registerImageCode: true, registerInviteCode: 'required' })
      .where(eq(tenants.code, 'demo'));
    app.ctx.tenant.invalidate();
    try {
      const verify = json(await app.inject({ method: 'GET', url: '/v1/users/getRegisterVerifyFront' }));
      expect(verify.data).toEqual({ imageCode: true, inviteCode: 'required' });

      const name = uniqueName('cap');
      expect(json(await register(name, 'Good@123', { inviteCode: '8866001' }))).toEqual({
        code: -2,
        msg: Messages.imageCodeRequired,
      });
      nextCaptcha.text = '4071';
      const { key } = json<{ key: string }>(await app.inject({ method: 'GET', url: '/v1/users/imageCode' }))
        .data!;
      expect(json(await register(name, 'Good@123', { imageCodeKey: key, imageCode: '4071' }))).toEqual({
        code: -2,
        msg: Messages.inviteCodeRequired,
      });
      // The failed attempt above already consumed this captcha.
      expect(
        json(
          await register(name, 'Good@123', { imageCodeKey: key, imageCode: '4071', inviteCode: '8866001' }),
        ),
      ).toEqual({ code: -2, msg: Messages.imageCodeWrong });

      const fresh = json<{ key: string }>(await app.inject({ method: 'GET', url: '/v1/users/imageCode' }))
        .data!;
      expect(
        json(
          await register(name, 'Good@123', {
            imageCodeKey: fresh.key,
            imageCode: '9999',
            inviteCode: '8866001',
          }),
        ),
      ).toEqual({ code: -2, msg: Messages.imageCodeWrong });

      const third = json<{ key: string }>(await app.inject({ method: 'GET', url: '/v1/users/imageCode' }))
        .data!;
      clock.advance(5 * 60_000 + 1);
      expect(
        json(
          await register(name, 'Good@123', {
            imageCodeKey: third.key,
            imageCode: '4071',
            inviteCode: '8866001',
          }),
        ),
      ).toEqual({ code: -2, msg: Messages.imageCodeWrong });

      const good = json<{ key: string }>(await app.inject({ method: 'GET', url: '/v1/users/imageCode' }))
        .data!;
      const ok = await register(name, 'Good@123', {
        imageCodeKey: good.key,
        imageCode: '4071',
        inviteCode: '8866001',
      });
      expect(json(ok).code).toBe(1);
    } finally {
      await database.db
        .update(tenants)
        .set({ registerImageCode: false, registerInviteCode: 'optional' })
        .where(eq(tenants.code, 'demo'));
      app.ctx.tenant.invalidate();
    }
  });

  it('operator commands end sessions, disable, freeze and unlock accounts', async () => {
    const run = (name: string, ...args: string[]) =>
      COMMANDS[name].run(args, { config: app.ctx.config, database, clock });
    const name = uniqueName('ops');
    const cookie = sessionCookie(await register(name, 'Good@123'));
    expect(await run('logout-user', name)).toContain('1 session(s) ended');
    expect(json(await info(cookie)).code).toBe(0);

    await run('user-status', name, 'disabled');
    expect(json(await login(app, name, 'Good@123', '10.4.0.1'))).toEqual({
      code: Codes.ACCOUNT_DISABLED.code,
      msg: Codes.ACCOUNT_DISABLED.msg,
    });
    await run('user-status', name, 'frozen');
    expect(json(await login(app, name, 'Good@123', '10.4.0.2')).code).toBe(Codes.ACCOUNT_FROZEN.code);
    await run('user-status', name, 'active');

    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) await login(app, name, 'Bad@1234', `10.4.1.${i}`);
    expect(json(await login(app, name, 'Good@123', '10.4.2.1')).code).toBe(Codes.ACCOUNT_LOCKED.code);
    await run('unlock-user', name);
    expect(json(await login(app, name, 'Good@123', '10.4.2.2')).code).toBe(1);

    await expect(run('user-status', name, 'sleeping')).rejects.toThrow('status must be one of');
    await expect(run('logout-user', 'nobody0000')).rejects.toThrow('no account nobody0000');
  });
});
