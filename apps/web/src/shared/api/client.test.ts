import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configureResponseEffects,
  REQUEST_TIMEOUT_MS,
  request,
  requestEnvelope,
  sendSilently,
} from './client';
import { ApiError, TRANSPORT_CODE } from './envelope';

const toasts: string[] = [];
let calls: { url: string; init: RequestInit }[] = [];

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** fetch that never answers until aborted, as a hung server would. */
function hangingFetch(url: string, init: RequestInit): Promise<Response> {
  calls.push({ url, init });
  return new Promise((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

beforeEach(() => {
  toasts.length = 0;
  calls = [];
  configureResponseEffects({
    toast: (m) => toasts.push(m),
    isLoggedIn: () => false,
    currentPath: () => '/home',
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('calls the enpath form with the query outside, and returns data of code 1', async () => {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return reply({ code: 1, msg: 'ok', data: { exists: false } });
    });
    await expect(request('users/checkUser', { query: { userName: 'abc' } })).resolves.toEqual({
      exists: false,
    });
    expect(calls[0]!.url).toBe(`/v1/enpath/${btoa('users/checkUser')}?userName=abc`);
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('posts form-encoded bodies', async () => {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return reply({ code: 1, msg: 'ok' });
    });
    await request('users/infoUpdate', { form: { nickName: '昵称abcde', gender: 1, avatar: undefined } });
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    expect(String(calls[0]!.init.body)).toBe('nickName=%E6%98%B5%E7%A7%B0abcde&gender=1');
  });

  it('rejects a business error after the shell showed its message', async () => {
    vi.stubGlobal('fetch', async () => reply({ code: -2, msg: '参数错误' }));
    const error = await request('users/login', { form: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -2, handled: true });
    expect(toasts).toEqual(['参数错误']);
  });

  it('hands silent pass codes to the caller as an unhandled error', async () => {
    vi.stubGlobal('fetch', async () => reply({ code: -5, msg: '忙' }));
    await expect(requestEnvelope('chat/addMessage', { form: {} })).resolves.toMatchObject({ code: -5 });
    await expect(request('chat/addMessage', { form: {} })).rejects.toMatchObject({
      code: -5,
      handled: false,
    });
    expect(toasts).toEqual([]);
  });

  it('gives up after 15 s with the timeout message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch);
    const pending = request('users/info').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ code: TRANSPORT_CODE.timeout, handled: true });
    expect(toasts).toEqual(['请求超时']);
  });

  it('ignores a request cancelled by its caller', async () => {
    vi.stubGlobal('fetch', hangingFetch);
    const controller = new AbortController();
    const pending = request('users/info', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    await expect(pending).resolves.toMatchObject({ code: TRANSPORT_CODE.cancelled, handled: true });
    expect(toasts).toEqual([]);
  });

  it('maps HTTP statuses to the transport messages', async () => {
    vi.stubGlobal('fetch', async () => new Response('busy', { status: 503 }));
    await request('users/info').catch(() => undefined);
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 500 }));
    await request('users/info').catch(() => undefined);
    expect(toasts).toEqual(['网络异常，请重试', '当前网络不可用，请联系客服人员']);
  });

  it('never shows anything for statistics calls', async () => {
    vi.stubGlobal('fetch', async () => new Response('down', { status: 500 }));
    sendSilently('statistics/view', { path: '/home' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toasts).toEqual([]);
  });
});
