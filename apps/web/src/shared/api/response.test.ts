import { Codes } from '@lottery/contract/codes';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type StorageKey } from '../lib/storage';
import { zhCN } from '../locales/zh-CN';
import type { Envelope } from './envelope';
import {
  BET_IN_PROGRESS_POLL_MS,
  BET_IN_PROGRESS_TIMEOUT_MS,
  BET_RECORD_PATH,
  BET_UNCONFIRMED_DIALOG,
  handleEnvelope,
  handleTransport,
  placeUntilAnswered,
  type ResponseEffects,
  resetExpiryDialogForTests,
} from './response';

/** A recording fake of the shell's effects; alerts resolve at once so follow-ups are observable. */
function fakeEffects(init: { loggedIn?: boolean; path?: string; ua?: string; flags?: StorageKey[] } = {}) {
  const log = {
    toasts: [] as string[],
    alerts: [] as string[],
    navigations: [] as string[],
    stored: new Map<StorageKey, unknown>(),
    cleared: 0,
    delayed: [] as number[],
  };
  const fx: ResponseEffects = {
    toast: (m) => log.toasts.push(m),
    alert: async (m) => {
      log.alerts.push(m);
    },
    navigate: (p) => log.navigations.push(p),
    isLoggedIn: () => init.loggedIn ?? false,
    clearUser: () => {
      log.cleared += 1;
    },
    store: (key, value) => log.stored.set(key, value),
    readFlag: (key) => (init.flags ?? []).includes(key),
    later: (ms, run) => {
      log.delayed.push(ms);
      run();
    },
    currentPath: () => init.path ?? '/home',
    userAgent: () => init.ua ?? 'Mozilla/5.0 Chrome/140',
  };
  return { fx, log };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const env = (code: number, msg = '', data?: unknown): Envelope => ({ code, msg, data });

beforeEach(() => resetExpiryDialogForTests());

describe('codes that reach the caller', () => {
  it.each([1, -30])('code %i passes through and shows nothing', (code) => {
    const { fx, log } = fakeEffects();
    expect(handleEnvelope(env(code, 'x'), fx)).toEqual({ pass: true });
    expect(log.toasts).toEqual([]);
  });

  it.each([-110006, -4, -5, -40, -41])('code %i passes through silently', (code) => {
    const { fx, log } = fakeEffects();
    expect(handleEnvelope(env(code, 'busy'), fx)).toEqual({ pass: true });
    expect([...log.toasts, ...log.alerts, ...log.navigations]).toEqual([]);
  });

  it('a caller can claim a code for itself (e.g. -33 on add bet, -1 on verifyPassword)', () => {
    const { fx, log } = fakeEffects();
    expect(handleEnvelope(env(-33, 'x'), fx, { passCodes: [-33] })).toEqual({ pass: true });
    expect(log.cleared).toBe(0);
  });
});

describe('code 0, session expired', () => {
  it('a logged-in user gets the dialog, is logged out and sent to login with a redirect', async () => {
    const { fx, log } = fakeEffects({ loggedIn: true, path: '/userCenter' });
    expect(handleEnvelope(env(0, 'expired'), fx)).toEqual({ pass: false, shown: true });
    await settle();
    expect(log.alerts).toEqual([zhCN.sessionExpired]);
    expect(log.cleared).toBe(1);
    expect(log.navigations).toEqual(['/login?redirect=%2FuserCenter']);
  });

  it('shows one dialog however many calls expire together', async () => {
    const { fx, log } = fakeEffects({ loggedIn: true });
    const pending = new Promise<void>(() => undefined);
    fx.alert = (m) => {
      log.alerts.push(m);
      return pending;
    };
    handleEnvelope(env(0), fx);
    handleEnvelope(env(0), fx);
    handleEnvelope(env(0), fx);
    expect(log.alerts).toHaveLength(1);
  });

  it('a visitor in chat goes to login; elsewhere (and in guest chat) nothing is shown', () => {
    const chat = fakeEffects({ path: '/chatList' });
    handleEnvelope(env(0), chat.fx);
    expect(chat.log.navigations).toEqual(['/login?redirect=%2FchatList']);
    const guest = fakeEffects({ path: '/chatGuest/3' });
    handleEnvelope(env(0), guest.fx);
    const home = fakeEffects({ path: '/home' });
    expect(handleEnvelope(env(0), home.fx)).toEqual({ pass: false, shown: false });
    expect([...guest.log.navigations, ...home.log.navigations, ...home.log.alerts]).toEqual([]);
  });
});

describe('dialogs and redirects', () => {
  it.each([-3, -110005])(
    'code %i: 操作失败, then the yuebao state is set and cleared after 1.5 s',
    async (code) => {
      const { fx, log } = fakeEffects();
      handleEnvelope(env(code, 'server text'), fx);
      await settle();
      expect(log.alerts).toEqual(['操作失败']);
      expect(log.delayed).toEqual([1500]);
      expect(log.stored.get(STORAGE_KEYS.yuebaoReset)).toBe(false);
    },
  );

  it.each([
    [-110002, '提交金额不符'],
    [-110003, '当前质押仓单已达上限'],
  ])('code %i shows %s', async (code, text) => {
    const { fx, log } = fakeEffects();
    handleEnvelope(env(code, 'other'), fx);
    await settle();
    expect(log.alerts).toEqual([text]);
    expect(log.navigations).toEqual([]);
  });

  it('code -110004: 操作失败 then /', async () => {
    const { fx, log } = fakeEffects();
    handleEnvelope(env(-110004), fx);
    await settle();
    expect(log.alerts).toEqual(['操作失败']);
    expect(log.navigations).toEqual(['/']);
  });

  it.each([-6, -8, -11, -33])('code %i: msg, stored user cleared, /login', (code) => {
    const { fx, log } = fakeEffects({ loggedIn: true });
    expect(handleEnvelope(env(code, '账号异常'), fx).pass).toBe(false);
    expect(log.toasts).toEqual(['账号异常']);
    expect(log.cleared).toBe(1);
    expect(log.navigations).toEqual(['/login']);
  });

  it.each([
    [-7, STORAGE_KEYS.maintainData, '/maintain'],
    [-12, STORAGE_KEYS.websiteClosed, '/websiteClosed'],
    [-19, STORAGE_KEYS.noserviceInfo, '/noservice'],
  ])('code %i stores its data and goes to its page', (code, key, page) => {
    const { fx, log } = fakeEffects();
    const data = { message: '维护', supportList: [{ name: '客服', linkType: 1, linkUrl: 'https://x' }] };
    handleEnvelope(env(code, 'm', data), fx);
    expect(log.stored.get(key)).toEqual(data);
    expect(log.navigations).toEqual([page]);
  });

  it.each([-49, -91])('code %i: msg then /login', (code) => {
    const { fx, log } = fakeEffects();
    handleEnvelope(env(code, '请先登录'), fx);
    expect(log.toasts).toEqual(['请先登录']);
    expect(log.navigations).toEqual(['/login']);
  });

  it('code -98: msg, delayed 2 s when the temporary-delay flag is set', () => {
    const now = fakeEffects();
    handleEnvelope(env(-98, '太频繁'), now.fx);
    expect(now.log.toasts).toEqual(['太频繁']);
    expect(now.log.delayed).toEqual([]);
    const delayed = fakeEffects({ flags: [STORAGE_KEYS.temporaryDelay] });
    handleEnvelope(env(-98, '太频繁'), delayed.fx);
    expect(delayed.log.delayed).toEqual([2000]);
    expect(delayed.log.toasts).toEqual(['太频繁']);
  });

  it('code -99: 密码已重新设置，有疑问请联系客服 then /login', async () => {
    const { fx, log } = fakeEffects({ loggedIn: true });
    handleEnvelope(env(-99, 'x'), fx);
    await settle();
    expect(log.alerts).toEqual(['密码已重新设置，有疑问请联系客服']);
    expect(log.navigations).toEqual(['/login']);
  });

  it('codes -3058..-3066 show msg only when there is one (msg or respMsg)', () => {
    for (let code = -3066; code <= -3058; code++) {
      const silent = fakeEffects();
      expect(handleEnvelope(env(code, ''), silent.fx)).toEqual({ pass: false, shown: false });
      expect(silent.log.toasts).toEqual([]);
      const said = fakeEffects();
      handleEnvelope({ code, msg: '', respMsg: '安全密码错误' }, said.fx);
      expect(said.log.toasts).toEqual(['安全密码错误']);
    }
  });

  it('code -405 gives the browser message (QQ browser has its own)', () => {
    const qq = fakeEffects({ ua: 'Mozilla/5.0 MQQBrowser/12 QQBrowser' });
    handleEnvelope(env(-405), qq.fx);
    expect(qq.log.toasts).toEqual(['暂不支持QQ浏览器，建议使用 uc chrome safari 访问']);
    const other = fakeEffects({ ua: 'Weird/1.0' });
    handleEnvelope(env(-405), other.fx);
    expect(other.log.toasts).toEqual(['请求异常。当前浏览器环境：Weird/1.0']);
  });

  it('any other code shows the server message', () => {
    const { fx, log } = fakeEffects();
    expect(handleEnvelope(env(-2, '参数错误：userName'), fx)).toEqual({ pass: false, shown: true });
    expect(log.toasts).toEqual(['参数错误：userName']);
  });

  it('every code in the shared catalogue gets a decision, and silent calls never show anything', async () => {
    for (const { code, msg } of Object.values(Codes)) {
      const loud = fakeEffects({ loggedIn: true });
      const verdict = handleEnvelope(env(code, msg), loud.fx);
      expect(typeof verdict.pass).toBe('boolean');
      const quiet = fakeEffects({ loggedIn: true });
      handleEnvelope(env(code, msg), quiet.fx, { silent: true });
      resetExpiryDialogForTests();
      await settle();
      expect([...quiet.log.toasts, ...quiet.log.alerts, ...quiet.log.navigations]).toEqual([]);
    }
  });
});

describe('transport failures', () => {
  it.each([
    [{ kind: 'status', status: 403, url: '/v1/x' } as const, '网络异常，请重试'],
    [{ kind: 'status', status: 503, url: '/v1/x' } as const, '网络异常，请重试'],
    [{ kind: 'status', status: 500, url: '/v1/x' } as const, '当前网络不可用，请联系客服人员'],
    [{ kind: 'status', status: 404, url: '/v1/x' } as const, '当前网络不可用，请联系客服人员'],
    [{ kind: 'offline' } as const, '当前网络不可用，请检查网络后重试'],
    [{ kind: 'noStatus' } as const, '网络超时，请重试'],
    [{ kind: 'timeout' } as const, '请求超时'],
  ])('%o shows %s', (failure, text) => {
    const { fx, log } = fakeEffects();
    handleTransport(failure, fx);
    expect(log.toasts).toEqual([text]);
  });

  it('HTTP 405 gives the browser message', () => {
    const { fx, log } = fakeEffects({ ua: 'QQBrowser/10' });
    handleTransport({ kind: 'status', status: 405, url: '/v1/x' }, fx);
    expect(log.toasts).toEqual([zhCN.qqBrowser]);
  });

  it('cancelled requests and statistics calls show nothing', () => {
    const { fx, log } = fakeEffects();
    handleTransport({ kind: 'cancelled' }, fx);
    handleTransport({ kind: 'status', status: 500, url: '/v1/statistics/view' }, fx, { silent: true });
    handleTransport({ kind: 'timeout' }, fx, { silent: true });
    expect(log.toasts).toEqual([]);
  });
});

describe('-40 on placing a bet (spec/betting.md §8: keep 正在投注 until an answer)', () => {
  const fakeClock = () => {
    let t = 0;
    const sleeps: number[] = [];
    return {
      sleeps,
      now: () => t,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        t += ms;
      },
    };
  };

  it('keeps asking well past 6 s and returns the first real answer', async () => {
    const clock = fakeClock();
    let calls = 0;
    const { envelope, timedOut } = await placeUntilAnswered(async () => {
      calls++;
      return { code: calls < 30 ? Codes.BET_IN_PROGRESS.code : 1 };
    }, clock);
    expect(calls).toBe(30);
    expect(envelope.code).toBe(1);
    expect(timedOut).toBe(false);
  });

  it('after a real timeout says so, and the dialog points at 投注记录', async () => {
    const clock = fakeClock();
    const { timedOut } = await placeUntilAnswered(async () => ({ code: Codes.BET_IN_PROGRESS.code }), clock);
    expect(timedOut).toBe(true);
    expect(clock.now()).toBe(BET_IN_PROGRESS_TIMEOUT_MS);
    expect(clock.sleeps.every((ms) => ms === BET_IN_PROGRESS_POLL_MS)).toBe(true);
    expect(BET_UNCONFIRMED_DIALOG.content).toContain('投注记录');
    expect(BET_UNCONFIRMED_DIALOG.confirmText).toBe('查看投注记录');
    expect(BET_RECORD_PATH).toBe('/bettingRecord');
  });
});
