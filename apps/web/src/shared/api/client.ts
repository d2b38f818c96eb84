import { isOnline, userAgent } from '../lib/env';
import { readJson, type StorageKey, writeJson } from '../lib/storage';
import { isLoggedIn, useUserStore } from '../stores/user';
import { DEVICE_ID_HEADER, deviceId } from './device-id';
import { enpathUrl } from './enpath';
import { ApiError, type Envelope, SUCCESS, TRANSPORT_CODE } from './envelope';
import {
  announceExpiry,
  type CallOptions,
  handleEnvelope,
  handleTransport,
  type ResponseEffects,
  type TransportFailure,
} from './response';

export const REQUEST_TIMEOUT_MS = 15_000;

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions extends CallOptions {
  method?: 'GET' | 'POST';
  query?: Query;
  /** Form fields (POST bodies are x-www-form-urlencoded unless stated). */
  form?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** Cancel from outside (react-query passes its own signal). Cancelled calls are ignored. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The UI side effects; app/ wires antd-mobile Dialog/Toast and the router in at start-up. */
let effects: ResponseEffects = {
  toast: (m) => console.warn(m),
  alert: async (m) => console.warn(m),
  navigate: (p) => window.location.assign(p),
  isLoggedIn,
  clearUser: () => useUserStore.getState().clear(),
  store: (key: StorageKey, value: unknown) => writeJson(key, value),
  readFlag: (key: StorageKey) => readJson<unknown>(key) === true,
  later: (ms, run) => void setTimeout(run, ms),
  currentPath: () => window.location.pathname + window.location.search,
  userAgent,
};

/** How a request reaches the server: the browser's fetch; the server's renderer hands in its own. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server-side renderer's way in (entry-server.tsx): its reads go to the server in-process. */
export function configureTransport(send: Transport): void {
  transport = send;
}

export function configureResponseEffects(overrides: Partial<ResponseEffects>): void {
  effects = { ...effects, ...overrides };
}

/** The guard's way to the same single expiry dialog the code-0 rule uses. */
export function expireSession(loginTarget: string): void {
  announceExpiry(effects, loginTarget);
}

function transportError(failure: TransportFailure, opts: CallOptions): ApiError {
  const verdict = handleTransport(failure, effects, opts);
  const code =
    failure.kind === 'status'
      ? TRANSPORT_CODE.http
      : failure.kind === 'timeout'
        ? TRANSPORT_CODE.timeout
        : failure.kind === 'offline'
          ? TRANSPORT_CODE.offline
          : failure.kind === 'cancelled'
            ? TRANSPORT_CODE.cancelled
            : TRANSPORT_CODE.noStatus;
  return new ApiError({
    code,
    msg: failure.kind,
    handled: failure.kind === 'cancelled' || !verdict.pass,
    status: failure.kind === 'status' ? failure.status : undefined,
  });
}

function formBody(form: NonNullable<RequestOptions['form']>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (value !== undefined) body.set(key, String(value));
  return body;
}

/**
 * One call through the enpath form. Resolves with the envelope when the rules of §8 hand it to the
 * caller (code 1, -30, the silent pass codes, the caller's passCodes); otherwise rejects with an
 * ApiError whose `handled` says whether the user was already told.
 */
export async function requestEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? (opts.form || opts.json ? 'POST' : 'GET');
  const url = enpathUrl(path, opts.query);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let response: Response;
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const device = deviceId();
    if (device) headers[DEVICE_ID_HEADER] = device;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = formBody(opts.form);
    }
    response = await transport(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    const kind = timedOut
      ? 'timeout'
      : controller.signal.aborted
        ? 'cancelled'
        : isOnline()
          ? 'noStatus'
          : 'offline';
    throw transportError({ kind } as TransportFailure, opts);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }

  if (response.status !== 200) throw transportError({ kind: 'status', status: response.status, url }, opts);
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw transportError({ kind: 'status', status: response.status, url }, opts);
  }
  if (typeof envelope?.code !== 'number') {
    throw transportError({ kind: 'status', status: response.status, url }, opts);
  }
  const verdict = handleEnvelope(envelope, effects, opts);
  if (verdict.pass) return envelope;
  throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: true, data: envelope.data });
}

/** The data of a code-1 envelope; any other code (handed through by the rules of §8) rejects. */
export function successData<T>(envelope: Envelope<T>): T {
  if (envelope.code !== SUCCESS) {
    throw new ApiError({
      code: envelope.code,
      msg: envelope.msg,
      // Handed through by the rules of §8: the caller decides what to show.
      handled: false,
      data: envelope.data,
    });
  }
  return envelope.data as T;
}

/** The common case: the data of a code-1 reply; any other code rejects. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return successData(await requestEnvelope<T>(path, opts));
}

/** Statistics and log calls: fire and forget, never an error shown (spec/platform.md §7, §8). */
export function sendSilently(path: string, form: RequestOptions['form']): void {
  requestEnvelope(path, { form, silent: true }).catch(() => undefined);
}
