import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../plugins/compression';
import { ReadCache } from './read-cache';

/** A load the test finishes by hand, to put a change in the middle of it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('read cache', () => {
  let now = 0;
  const cache = () => new ReadCache(() => now, 2000);

  it('loads once for concurrent misses and answers from memory after', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([c.get('k', 't', load), c.get('k', 't', load)])).toEqual([1, 1]);
    expect(await c.get('k', 't', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('never stores a value whose load began before the topic was dropped', async () => {
    const c = cache();
    const slow = deferred<string>();
    const before = c.get('k', 't', () => slow.promise);
    c.invalidate('t');
    const after = c.get('k', 't', async () => 'fresh');
    slow.resolve('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('fresh');
    expect(await c.get('k', 't', async () => 'third')).toBe('fresh');
  });

  it('drops only the topic named, and every entry on clear()', async () => {
    const c = cache();
    await c.get('a', 'tenant', async () => 1);
    await c.get('b', 'draw:1401', async () => 1);
    c.invalidate('draw:1401');
    expect(await c.get('a', 'tenant', async () => 2)).toBe(1);
    expect(await c.get('b', 'draw:1401', async () => 2)).toBe(2);
    c.clear();
    expect(await c.get('a', 'tenant', async () => 3)).toBe(3);
  });

  it('does not store a load that was under way when everything was dropped', async () => {
    const c = cache();
    const slow = deferred<string>();
    const before = c.get('k', 'never-dropped-before', () => slow.promise);
    c.clear();
    slow.resolve('stale');
    expect(await before).toBe('stale');
    expect(await c.get('k', 'never-dropped-before', async () => 'fresh')).toBe('fresh');
  });

  it('expires entries after the max age and does not keep failures', async () => {
    const c = cache();
    now = 0;
    await c.get('k', 't', async () => 'old');
    now = 1999;
    expect(await c.get('k', 't', async () => 'new')).toBe('old');
    now = 2000;
    expect(await c.get('k', 't', async () => 'new')).toBe('new');
    await expect(c.get('x', 't', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await c.get('x', 't', async () => 'recovered')).toBe('recovered');
  });

  it('holds at most maxEntries values, dropping the one stored longest ago', async () => {
    now = 0;
    const c = new ReadCache(() => now, 2000, 2);
    await c.get('a', 't', async () => 'a1');
    await c.get('b', 't', async () => 'b1');
    now = 2000; // a expires and is stored again: now the newest
    await c.get('a', 't', async () => 'a2');
    await c.get('c', 't', async () => 'c1');
    expect(c.size()).toBe(2);
    // b was the oldest stored: loaded again; a and c are kept
    expect(await c.get('a', 't', async () => 'a3')).toBe('a2');
    expect(await c.get('b', 't', async () => 'b2')).toBe('b2');
    expect(c.size()).toBe(2);
  });
});

describe('preferred encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
