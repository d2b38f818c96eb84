import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureResponseEffects } from './client';
import { syncServerTime } from './clock-sync';
import { storedOffset } from './server-time';

let calls = 0;

/** betting/getServerTimeMillisecond answering the local clock plus `skewMs`, or failing. */
function serve(skewMs: number | 'down') {
  vi.stubGlobal('fetch', async () => {
    calls++;
    if (skewMs === 'down') return new Response('down', { status: 502 });
    return new Response(JSON.stringify({ code: 1, msg: '', data: String(Date.now() + skewMs) }), {
      status: 200,
    });
  });
}

beforeEach(() => {
  localStorage.clear();
  calls = 0;
  configureResponseEffects({ toast: () => undefined, isLoggedIn: () => false });
});

afterEach(() => vi.unstubAllGlobals());

describe('syncServerTime', () => {
  it('shares one measurement between callers while it is under way, and stores the offset', async () => {
    serve(60_000);
    await syncServerTime();
    const oneMeasurement = calls;
    calls = 0;
    const [first, second] = await Promise.all([syncServerTime(), syncServerTime()]);
    expect(calls).toBe(oneMeasurement);
    expect(first).toBe(second);
    expect(Math.abs((first ?? 0) - 60_000)).toBeLessThan(1000);
    expect(storedOffset()).toBe(first);
    // once it is done, the next call measures again
    await syncServerTime();
    expect(calls).toBe(2 * oneMeasurement);
  });

  it('gives undefined when no sample could be taken, and the next call tries again', async () => {
    serve('down');
    await expect(syncServerTime()).resolves.toBeUndefined();
    expect(storedOffset()).toBeUndefined();
    serve(0);
    await expect(syncServerTime()).resolves.toEqual(expect.any(Number));
  });
});
