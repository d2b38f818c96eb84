import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureResponseEffects } from './client';
import { beat, MAX_FAULT_RECORDS, recordFault, storedFaults } from './telemetry';

const toasts: string[] = [];
let posted: { url: string; body: string }[] = [];

function serve(code: number | 'down') {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posted.push({ url, body: String(init.body ?? '') });
    if (code === 'down') return new Response('down', { status: 502 });
    return new Response(JSON.stringify({ code, msg: '' }), { status: 200 });
  });
}

beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
  posted = [];
  configureResponseEffects({ toast: (m) => toasts.push(m), isLoggedIn: () => true });
});

afterEach(() => vi.unstubAllGlobals());

describe('heartbeat', () => {
  it('records a fault when the check fails, silently', async () => {
    serve('down');
    await expect(beat()).resolves.toBe(true);
    expect(storedFaults()).toHaveLength(1);
    expect(storedFaults()[0]).toMatchObject({ status: 2 });
    expect(toasts).toEqual([]);
  });

  it('uploads the stored faults in one batch after a good check, then clears them', async () => {
    recordFault({ status: 2, reason: 'x', checkTime: 1, connectionTime: 2 });
    recordFault({ status: 2, reason: 'y', checkTime: 3, connectionTime: 4 });
    serve(1);
    await beat();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const upload = posted.find((p) => p.url.includes(btoa('statistics/hc')));
    expect(JSON.parse(new URLSearchParams(upload!.body).get('heartbeatRecords')!)).toHaveLength(2);
    expect(storedFaults()).toEqual([]);
  });

  it('stops on code 0 without a dialog', async () => {
    serve(0);
    await expect(beat()).resolves.toBe(false);
    expect(toasts).toEqual([]);
  });

  it('keeps at most 1000 fault records', () => {
    for (let i = 0; i < MAX_FAULT_RECORDS + 5; i++)
      recordFault({ status: 2, reason: String(i), checkTime: i, connectionTime: 0 });
    const faults = storedFaults();
    expect(faults).toHaveLength(MAX_FAULT_RECORDS);
    expect(faults[0]!.reason).toBe('5');
  });
});
