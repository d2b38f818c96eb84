import { describe, expect, it } from 'vitest';
import { isChunkError, RELOAD_GUARD_MS, routeFailure } from './route-error';

const NOW = 1_800_000_000_000;
const chunk = new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js');
const css = new Error('Unable to preload CSS for /assets/b.css');

describe('a page that cannot load', () => {
  it('recognises failed chunk and CSS loads', () => {
    expect(isChunkError(chunk)).toBe(true);
    expect(isChunkError(css)).toBe(true);
    expect(isChunkError(new Error('x is undefined'))).toBe(false);
  });

  it('offline says 当前网络不可用 whatever failed', () => {
    expect(routeFailure(chunk, false, undefined, NOW)).toEqual({ kind: 'offline' });
    expect(routeFailure(new Error('boom'), false, undefined, NOW)).toEqual({ kind: 'offline' });
  });

  it('online, a missing chunk reloads once; again right after a reload it gives up', () => {
    expect(routeFailure(css, true, undefined, NOW)).toEqual({ kind: 'reload' });
    expect(routeFailure(css, true, NOW - 1000, NOW)).toEqual({ kind: 'failed' });
    expect(routeFailure(css, true, NOW - RELOAD_GUARD_MS - 1, NOW)).toEqual({ kind: 'reload' });
  });

  it('any other error is a failure with a retry, never a reload loop', () => {
    expect(routeFailure(new Error('boom'), true, undefined, NOW)).toEqual({ kind: 'failed' });
  });
});
