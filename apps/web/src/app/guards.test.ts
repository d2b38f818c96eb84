import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput, safeRedirect } from './guards';
import type { RouteMeta } from './route-meta';

const PLAYER = { login: true, isAgent: false };
const AGENT = { login: true, isAgent: true };
const EXPIRED = { login: false, isAgent: false };
const SITE = { gamesEnabled: true, yuebaoEnable: true, liveNavEnabled: true, isHideNavLive: false };

function decide(meta: RouteMeta, over: Partial<GuardInput> = {}) {
  return decideGuard({ meta, user: undefined, site: SITE, online: true, location: '/here?x=1', ...over });
}

describe('login routes', () => {
  const meta = { title: '投注记录', login: true };

  it('send a visitor to /login with the redirect query', () => {
    expect(decide(meta)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fhere%3Fx%3D1' });
  });

  it('give a stored user whose login flag is false the expiry dialog, then login', () => {
    expect(decide(meta, { user: EXPIRED })).toEqual({
      kind: 'expired',
      to: '/login?redirect=%2Fhere%3Fx%3D1',
    });
  });

  it('let a logged-in user in', () => {
    expect(decide(meta, { user: PLAYER })).toEqual({ kind: 'allow' });
  });

  it('leave public routes open to visitors', () => {
    expect(decide({ title: '购彩大厅', tab: true })).toEqual({ kind: 'allow' });
  });
});

describe('agent routes', () => {
  const meta = { title: '代理报表', agent: true };

  it('bounce a non-agent to /', () => {
    expect(decide(meta, { user: PLAYER })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('still ask a visitor to log in first', () => {
    expect(decide(meta)).toMatchObject({
      kind: 'redirect',
      to: expect.stringMatching(/^\/login\?redirect=/),
    });
  });

  it('let an agent in', () => {
    expect(decide(meta, { user: AGENT })).toEqual({ kind: 'allow' });
  });
});

describe('login and register while logged in', () => {
  it('go to /home', () => {
    expect(decide({ title: '登录', guestOnly: true }, { user: PLAYER })).toEqual({
      kind: 'redirect',
      to: '/home',
    });
  });

  it('stay open to visitors and to an expired stored user', () => {
    expect(decide({ title: '登录', guestOnly: true })).toEqual({ kind: 'allow' });
    expect(decide({ title: '登录', guestOnly: true }, { user: EXPIRED })).toEqual({ kind: 'allow' });
  });
});

describe('module switches', () => {
  it('games list redirects home when the module is off', () => {
    const meta: RouteMeta = { title: '棋牌', module: 'games', tab: true };
    expect(decide(meta, { site: { ...SITE, gamesEnabled: false } })).toEqual({
      kind: 'redirect',
      to: '/home',
    });
    expect(decide(meta)).toEqual({ kind: 'allow' });
  });

  it('balanceBao redirects home when yuebaoEnable is off', () => {
    const meta: RouteMeta = { title: '余额宝', module: 'yuebao', login: true };
    expect(decide(meta, { user: PLAYER, site: { ...SITE, yuebaoEnable: false } })).toEqual({
      kind: 'redirect',
      to: '/home',
    });
    expect(decide(meta, { user: PLAYER })).toEqual({ kind: 'allow' });
  });

  it('live pages are skipped unless the tenant config shows live navigation', () => {
    const meta: RouteMeta = { title: '直播', module: 'live' };
    expect(decide(meta, { site: { ...SITE, liveNavEnabled: false } })).toEqual({
      kind: 'redirect',
      to: '/home',
    });
    expect(decide(meta, { site: { ...SITE, isHideNavLive: true } })).toEqual({
      kind: 'redirect',
      to: '/home',
    });
    expect(decide(meta)).toEqual({ kind: 'allow' });
  });

  it('wait for the site config before deciding', () => {
    expect(decide({ title: '棋牌', module: 'games' }, { site: undefined })).toEqual({ kind: 'wait' });
  });
});

describe('offline', () => {
  it('deeper pages say so; tab pages do not', () => {
    expect(decide({ title: '帮助中心' }, { online: false })).toEqual({ kind: 'offline' });
    expect(decide({ title: '购彩大厅', tab: true }, { online: false })).toEqual({ kind: 'allow' });
  });
});

describe('redirect targets', () => {
  it('accept our own paths only', () => {
    expect(safeRedirect('/userCenter?x=1')).toBe('/userCenter?x=1');
    expect(safeRedirect('//evil.example/x')).toBe('/home');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('/\\evil.example')).toBe('/home');
    expect(safeRedirect('/login?redirect=/x')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
  });
});
