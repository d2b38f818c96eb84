import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from './client';
import { DEVICE_ID_HEADER, DEVICE_ID_KEY, deviceId } from './device-id';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('deviceId', () => {
  it('is made once and read back the same from localStorage', () => {
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first);
    expect(deviceId()).toBe(first);
  });

  it('replaces a stored value of another shape', () => {
    localStorage.setItem(DEVICE_ID_KEY, 'bad id; <script>');
    expect(deviceId(localStorage, () => 'fresh-id-1234')).toBe('fresh-id-1234');
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe('fresh-id-1234');
  });

  it('is none where nothing can be stored', () => {
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(deviceId(blocked)).toBeUndefined();
    expect(deviceId(null)).toBeUndefined();
  });

  it('goes with every call of the API client as X-Device-Id', async () => {
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data: null }), { status: 200 });
    });
    await request('users/isLogin');
    await request('users/login', { form: { userName: 'abcd' } });
    const id = localStorage.getItem(DEVICE_ID_KEY);
    expect(id).toBeTruthy();
    expect(sent.map((h) => h.get(DEVICE_ID_HEADER))).toEqual([id, id]);
  });
});
