import { Codes } from '@lottery/contract/codes';
import { encodeEnpath } from '@lottery/contract/enpath';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/admin';
import { form, json, passwordDigest, sessionCookie, testApp, testConfig } from '../../test/app';
import { updateSiteConfig } from './tenant-repo';

describe('site', async () => {
  const { app, clock, database } = await testApp();
  const get = (url: string, extra: { cookie?: string; ip?: string } = {}) =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress: extra.ip ?? '127.0.0.1',
      headers: extra.cookie ? { cookie: extra.cookie } : {},
    });
  const siteMode = (...args: string[]) =>
    COMMANDS['site-mode'].run(args, { config: app.ctx.config, database }).then((out) => {
      app.ctx.tenant.invalidate();
      return out;
    });

  it('serves the demo tenant config with every SiteConfig field', async () => {
    const body = json<Record<string, unknown>>(await get('/v1/management/tenant/getTenantConfig'));
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({
      tenantCode: 'demo',
      tenantName: '吉彩娱乐',
      yuebaoEnable: true,
      supportOpenMethod: 1,
    });
    expect(Object.keys(body.data!).sort()).toEqual(
      [
        'supportUrl',
        'supportOpenMethod',
        'logoMobile',
        'tenantName',
        'tenantCode',
        'appDownload',
        'sourceId',
        'yuebaoEnable',
        'icon',
        'stockCentEnable',
        'embedChatEnabled',
        'embedChatUrl',
        'isHideNavLive',
        'mbEnabled',
        'customPopUpWindow',
        'popUpWindowTitle',
        'popUpWindowContent',
        'imageUrl',
        'showCardProfit',
        'gamesEnabled',
        'liveNavEnabled',
      ].sort(),
    );
  });

  it('answers server time as a 13-digit string from the clock', async () => {
    const res = await get(`/v1/enpath/${encodeEnpath('betting/getServerTimeMillisecond')}`);
    expect(json(res)).toEqual({ code: 1, msg: Codes.OK.msg, data: String(clock.now()) });
    expect(String(json(res).data)).toMatch(/^\d{13}$/);
  });

  it('appInit gives config, login state and server time', async () => {
    const anon = json<{ isLogin: boolean; serverTime: number; siteConfig: { tenantCode: string } }>(
      await get('/v1/users/appInit'),
    );
    expect(anon.data).toMatchObject({
      isLogin: false,
      serverTime: clock.now(),
      siteConfig: { tenantCode: 'demo' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/v1/users/login',
      ...form({ userName: 'player01', password: passwordDigest('player01', 'Demo@2026') }),
    });
    const mine = json<{ isLogin: boolean }>(await get('/v1/users/appInit', { cookie: sessionCookie(login) }));
    expect(mine.data?.isLogin).toBe(true);
  });

  it('changes the tenantConfig stamp when the config changes, and only then', async () => {
    const stamps = async () =>
      json<{
        tenantConfig: number;
        pageUpdateTimeMobile: number;
        lotteryOrder: number;
        frontVersion: string;
      }>(await get('/v1/management/tenant/getFrontCacheUpdatedAt')).data!;
    const before = await stamps();
    expect(before.frontVersion).toBe('dev');
    clock.advance(5000);
    expect(await stamps()).toEqual(before);
    await updateSiteConfig(database.db, 'demo', { popUpWindowTitle: '新公告' }, clock.now());
    app.ctx.tenant.invalidate();
    const after = await stamps();
    expect(after.tenantConfig).toBeGreaterThan(before.tenantConfig);
    expect(after.lotteryOrder).toBe(before.lotteryOrder);
    const config = json<{ popUpWindowTitle: string }>(await get('/v1/management/tenant/getTenantConfig'))
      .data!;
    expect(config.popUpWindowTitle).toBe('新公告');
  });

  it('maintenance mode answers -7 with message, times and support lines; clock sync still works', async () => {
    const out = await siteMode(
      'maintain',
      '--message',
      '系统升级中',
      '--start',
      '2026-01-15T10:00:00+08:00',
      '--end',
      '2026-01-15T12:00:00+08:00',
    );
    try {
      expect(out).toContain('maintain');
      for (const url of ['/v1/management/tenant/getTenantConfig', '/v1/users/isLogin', '/v1/users/info']) {
        const body = json<{ message: string; startTime: number; endTime: number; supportList: unknown[] }>(
          await get(url),
        );
        expect(body.code).toBe(Codes.MAINTENANCE.code);
        expect(body.msg).toBe('系统升级中');
        expect(body.data).toMatchObject({
          message: '系统升级中',
          startTime: Date.parse('2026-01-15T10:00:00+08:00'),
          endTime: Date.parse('2026-01-15T12:00:00+08:00'),
        });
        expect(body.data?.supportList.length).toBeGreaterThan(0);
      }
      expect(json(await get('/v1/betting/getServerTimeMillisecond')).code).toBe(1);
    } finally {
      await siteMode('open');
    }
    expect(json(await get('/v1/users/isLogin')).code).toBe(1);
  });

  it('closed mode answers -12', async () => {
    await siteMode('closed');
    try {
      const body = json(await get('/v1/management/tenant/getTenantConfig'));
      expect(body).toMatchObject({ code: Codes.SITE_CLOSED.code, msg: Codes.SITE_CLOSED.msg });
    } finally {
      await siteMode('open');
    }
  });

  it('restricted mode answers -19 with the support list, except to allowed IPs', async () => {
    await siteMode('restricted', '--allow-ip', '10.8.8.8');
    try {
      const refused = json<{ supportList: { name: string }[] }>(
        await get('/v1/users/isLogin', { ip: '10.7.7.7' }),
      );
      expect(refused.code).toBe(Codes.IP_RESTRICTED.code);
      expect(refused.data?.supportList[0].name).toBe('在线客服');
      expect(json(await get('/v1/users/isLogin', { ip: '10.8.8.8' })).code).toBe(1);
    } finally {
      await siteMode('open', '--allow-ip', '');
    }
  });

  it('the SITE_MODE setting overrides the stored mode', async () => {
    const forced = (
      await testApp({ config: testConfig({ SITE_MODE: 'maintain', SITE_MODE_MESSAGE: '配置维护' }) })
    ).app;
    const body = json(await forced.inject({ method: 'GET', url: '/v1/users/isLogin' }));
    expect(body).toMatchObject({ code: -7, msg: '配置维护' });
  });

  it('the CLI refuses an unknown mode and a bad date', async () => {
    await expect(siteMode('sleep')).rejects.toThrow('mode must be one of open, maintain, closed, restricted');
    await expect(siteMode('maintain', '--start', 'tomorrow')).rejects.toThrow('--start must be a date/time');
  });

  it('the CLI changes site config fields by their type, and refuses unknown keys', async () => {
    const run = (...args: string[]) =>
      COMMANDS['site-config'].run(args, { config: app.ctx.config, database, clock });
    clock.advance(1000);
    await run('gamesEnabled=true', 'sourceId=2', 'embedChatUrl=https://chat.example/room');
    app.ctx.tenant.invalidate();
    const config = json<Record<string, unknown>>(await get('/v1/management/tenant/getTenantConfig')).data!;
    expect(config).toMatchObject({
      gamesEnabled: true,
      sourceId: 2,
      embedChatUrl: 'https://chat.example/room',
    });
    await run('gamesEnabled=false', 'sourceId=1', 'embedChatUrl=');
    await expect(run('colour=red')).rejects.toThrow('unknown site config key colour');
    await expect(run('gamesEnabled=maybe')).rejects.toThrow('gamesEnabled must be true or false');
    await expect(run('tenantCode=other')).rejects.toThrow('unknown site config key tenantCode');
  });

  it('the CLI sets what registration needs', async () => {
    const run = (...args: string[]) =>
      COMMANDS['register-verify'].run(args, { config: app.ctx.config, database, clock });
    await run('--image-code', 'on', '--invite-code', 'off');
    app.ctx.tenant.invalidate();
    try {
      expect(json(await get('/v1/users/getRegisterVerifyFront')).data).toEqual({
        imageCode: true,
        inviteCode: 'off',
      });
    } finally {
      await run('--image-code', 'off', '--invite-code', 'optional');
      app.ctx.tenant.invalidate();
    }
    await expect(run('--invite-code', 'always')).rejects.toThrow(
      '--invite-code must be required, optional or off',
    );
  });
});
