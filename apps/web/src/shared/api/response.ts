import { Code, SAFETY_CODE_RANGE, SILENT_CODES } from '@lottery/contract/codes';
import { STORAGE_KEYS, type StorageKey } from '../lib/storage';
import { zhCN } from '../locales/zh-CN';
import type { Envelope } from './envelope';

/**
 * The response rules of spec/platform.md §8, as a pure decision over injected effects so that
 * every code is unit-tested without a browser. The client (client.ts) calls these two functions
 * and turns `pass: false` into a rejected ApiError.
 */
export interface ResponseEffects {
  toast(message: string): void;
  /** A dialog with one confirm button; resolves when the user closes it. */
  alert(message: string): Promise<void>;
  navigate(path: string): void;
  isLoggedIn(): boolean;
  /** Clear the stored user (logout on this device). */
  clearUser(): void;
  store(key: StorageKey, value: unknown): void;
  readFlag(key: StorageKey): boolean;
  later(ms: number, run: () => void): void;
  currentPath(): string;
  userAgent(): string;
}

export interface CallOptions {
  /** Statistics and heartbeat calls: never show anything, whatever happens. */
  silent?: boolean;
  /** Codes this caller handles itself (e.g. -33 on add bet, -1 on verifyPassword). */
  passCodes?: readonly number[];
}

export type Verdict =
  /** Hand the envelope to the caller (code 1, -30, the silent pass codes, the caller's own). */
  | { pass: true }
  /** The shell dealt with it (or chose silence); the caller gets a handled ApiError. */
  | { pass: false; shown: boolean };

const PASS_THROUGH = new Set([1, -30]);
const PASS_SILENTLY = new Set(SILENT_CODES);
const CLEAR_USER_TO_LOGIN = new Set([-6, -8, -11, -33]);
const MSG_TO_LOGIN = new Set([-49, -91]);

/** One expiry dialog at a time, however many requests come back with code 0 together. */
let expiryDialogOpen = false;
export function resetExpiryDialogForTests(): void {
  expiryDialogOpen = false;
}

/**
 * Session expired: clear the stored user, show 由于登录验证过期，已自动退出，需要重新登录！ (once,
 * however many calls or guards notice it together), then go to the login page.
 */
export function announceExpiry(fx: ResponseEffects, loginTarget: string): void {
  fx.clearUser();
  if (expiryDialogOpen) return;
  expiryDialogOpen = true;
  void fx.alert(zhCN.sessionExpired).then(() => {
    expiryDialogOpen = false;
    fx.navigate(loginTarget);
  });
}

function loginWithRedirect(fx: ResponseEffects): string {
  const here = fx.currentPath();
  if (!here || here.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(here)}`;
}

function browserMessage(ua: string): string {
  return /QQBrowser/i.test(ua) ? zhCN.qqBrowser : zhCN.browserUnsupported(ua);
}

export function handleEnvelope(env: Envelope, fx: ResponseEffects, opts: CallOptions = {}): Verdict {
  const { code } = env;
  if (PASS_THROUGH.has(code) || opts.passCodes?.includes(code)) return { pass: true };
  if (opts.silent) return { pass: false, shown: false };
  if (PASS_SILENTLY.has(code)) return { pass: true };
  const msg = env.msg || env.respMsg || '';

  if (code === Code.SESSION_EXPIRED) {
    if (fx.isLoggedIn()) {
      announceExpiry(fx, loginWithRedirect(fx));
      return { pass: false, shown: true };
    }
    const path = fx.currentPath();
    if (path.startsWith('/chat') && !path.startsWith('/chatGuest')) fx.navigate(loginWithRedirect(fx));
    return { pass: false, shown: false };
  }
  if (code === Code.BROWSER_UNSUPPORTED) {
    fx.toast(browserMessage(fx.userAgent()));
    return { pass: false, shown: true };
  }
  if (code === Code.YUEBAO_FAILED || code === Code.YUEBAO_STATE_FAILED) {
    void fx.alert(zhCN.operationFailed).then(() => {
      fx.store(STORAGE_KEYS.yuebaoReset, true);
      // betting.md §4: the yuebao reset flag clears after 1.5 s.
      fx.later(1500, () => fx.store(STORAGE_KEYS.yuebaoReset, false));
    });
    return { pass: false, shown: true };
  }
  if (code === Code.YUEBAO_AMOUNT_MISMATCH) {
    void fx.alert(zhCN.amountMismatch);
    return { pass: false, shown: true };
  }
  if (code === Code.YUEBAO_PLEDGE_LIMIT) {
    void fx.alert(zhCN.pledgeLimit);
    return { pass: false, shown: true };
  }
  if (code === Code.YUEBAO_FAILED_HOME) {
    void fx.alert(zhCN.operationFailed).then(() => fx.navigate('/'));
    return { pass: false, shown: true };
  }
  if (CLEAR_USER_TO_LOGIN.has(code)) {
    if (msg) fx.toast(msg);
    fx.clearUser();
    fx.navigate('/login');
    return { pass: false, shown: Boolean(msg) };
  }
  if (code === Code.MAINTENANCE) {
    fx.store(STORAGE_KEYS.maintainData, env.data ?? null);
    fx.navigate('/maintain');
    return { pass: false, shown: true };
  }
  if (code === Code.SITE_CLOSED) {
    fx.store(STORAGE_KEYS.websiteClosed, env.data ?? { message: msg });
    fx.navigate('/websiteClosed');
    return { pass: false, shown: true };
  }
  if (code === Code.IP_RESTRICTED) {
    fx.store(STORAGE_KEYS.noserviceInfo, env.data ?? { message: msg });
    fx.navigate('/noservice');
    return { pass: false, shown: true };
  }
  if (MSG_TO_LOGIN.has(code)) {
    if (msg) fx.toast(msg);
    fx.navigate('/login');
    return { pass: false, shown: Boolean(msg) };
  }
  if (code === Code.TOO_FREQUENT) {
    if (!msg) return { pass: false, shown: false };
    if (fx.readFlag(STORAGE_KEYS.temporaryDelay)) fx.later(2000, () => fx.toast(msg));
    else fx.toast(msg);
    return { pass: false, shown: true };
  }
  if (code === Code.PASSWORD_RESET) {
    fx.clearUser();
    void fx.alert(zhCN.passwordWasReset).then(() => fx.navigate('/login'));
    return { pass: false, shown: true };
  }
  if (code >= SAFETY_CODE_RANGE.min && code <= SAFETY_CODE_RANGE.max) {
    if (!msg) return { pass: false, shown: false };
    fx.toast(msg);
    return { pass: false, shown: true };
  }
  if (msg) fx.toast(msg);
  return { pass: false, shown: Boolean(msg) };
}

export type TransportFailure =
  | { kind: 'status'; status: number; url: string }
  | { kind: 'timeout' }
  | { kind: 'offline' }
  | { kind: 'noStatus' }
  | { kind: 'cancelled' };

/** Failures below the envelope: HTTP status, timeout, offline, cancelled. */
export function transportMessage(failure: TransportFailure, ua: string): string | undefined {
  switch (failure.kind) {
    case 'cancelled':
      return undefined;
    case 'timeout':
      return zhCN.timeout;
    case 'offline':
      return zhCN.offline;
    case 'noStatus':
      return zhCN.noStatus;
    case 'status':
      if (failure.status === 405) return browserMessage(ua);
      if (failure.status === 403 || failure.status === 503) return zhCN.httpForbiddenOrUnavailable;
      return zhCN.httpNotOk;
  }
}

export function handleTransport(
  failure: TransportFailure,
  fx: ResponseEffects,
  opts: CallOptions = {},
): Verdict {
  if (opts.silent) return { pass: false, shown: false };
  const message = transportMessage(failure, fx.userAgent());
  if (!message) return { pass: false, shown: false };
  fx.toast(message);
  return { pass: false, shown: true };
}

/**
 * Code -40 on placing a bet (spec/betting.md §8: keep 正在投注 until there is an answer). While the
 * server says the bet is still being placed the page asks again with the same idempotency key every
 * BET_IN_PROGRESS_POLL_MS; only after BET_IN_PROGRESS_TIMEOUT_MS without an answer (a real timeout)
 * does it stop and show BET_UNCONFIRMED_DIALOG, which sends the player to 投注记录: the bet may well
 * have been placed, so he checks before betting again.
 */
export const BET_IN_PROGRESS_POLL_MS = 1000;
export const BET_IN_PROGRESS_TIMEOUT_MS = 60_000;
export const BET_RECORD_PATH = '/bettingRecord';
export const BET_UNCONFIRMED_DIALOG = {
  title: '投注结果未确认',
  content: '投注结果暂未确认，请到投注记录查看该注单是否投注成功，请勿重复投注',
  confirmText: '查看投注记录',
  cancelText: '确定',
} as const;

/**
 * Calls `place` until its answer is not -40 or the -40 budget is spent; returns the last envelope and
 * whether the budget ran out with the bet still unconfirmed. `now` and `sleep` are injected for tests.
 */
export async function placeUntilAnswered<T extends { code: number }>(
  place: () => Promise<T>,
  clock: { now(): number; sleep(ms: number): Promise<void> } = {
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  },
): Promise<{ envelope: T; timedOut: boolean }> {
  const startedAt = clock.now();
  for (;;) {
    const envelope = await place();
    if (envelope.code !== Code.BET_IN_PROGRESS) return { envelope, timedOut: false };
    if (clock.now() - startedAt >= BET_IN_PROGRESS_TIMEOUT_MS) return { envelope, timedOut: true };
    await clock.sleep(BET_IN_PROGRESS_POLL_MS);
  }
}
