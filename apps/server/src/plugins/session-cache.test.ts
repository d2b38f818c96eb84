import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const alice = { sessionId: 7, userId: 1, tenantId: 1, userName: 'alice' };
const bob = { sessionId: 8, userId: 2, tenantId: 1, userName: 'bob' };

describe('SessionCache', () => {
  it('answers a looked-up session within its window, then forgets it', () => {
    const cache = new SessionCache(3000);
    cache.set('t1', alice, 1000);
    expect(cache.get('t1', 1000)).toEqual(alice);
    expect(cache.get('t1', 3999)).toEqual(alice);
    expect(cache.get('t1', 4000)).toBeUndefined();
    expect(cache.get('t1', 1000)).toBeUndefined(); // gone, not revived
  });

  it('drops revoked sessions at once, and only those', () => {
    const cache = new SessionCache(3000);
    cache.set('t1', alice, 0);
    cache.set('t2', bob, 0);
    cache.forgetSessions([7]);
    expect(cache.get('t1', 1)).toBeUndefined();
    expect(cache.get('t2', 1)).toEqual(bob);
  });

  it('trusts nothing when the clock went back, or when the window is 0', () => {
    const cache = new SessionCache(3000);
    cache.set('t1', alice, 5000);
    expect(cache.get('t1', 4999)).toBeUndefined();
    const off = new SessionCache(0);
    off.set('t1', alice, 0);
    expect(off.get('t1', 0)).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = new SessionCache(3000, 2);
    cache.set('t1', alice, 0);
    cache.set('t2', bob, 0);
    cache.set('t3', alice, 0);
    expect([cache.get('t1', 1), cache.get('t2', 1), cache.get('t3', 1)].filter(Boolean)).toHaveLength(1);
  });
});
