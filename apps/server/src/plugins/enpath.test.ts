import { decodeEnpath, encodeEnpath } from '@lottery/contract/enpath';
import { describe, expect, it, vi } from 'vitest';
import { BAD_ENPATH, ENPATHS_KEPT, enpathRewriter, rewriteEnpath } from './enpath';

describe('enpath rewrite', () => {
  it('routes an enpath URL to its API path, query kept, and a bad one to NOT_FOUND', () => {
    const login = `/v1/enpath/${encodeEnpath('users/login')}`;
    expect(rewriteEnpath(login)).toBe('/v1/users/login');
    expect(rewriteEnpath(`${login}?a=1&b=2`)).toBe('/v1/users/login?a=1&b=2');
    expect(rewriteEnpath(`/v1/enpath/${encodeEnpath('../etc/passwd')}`)).toBe(BAD_ENPATH);
    expect(rewriteEnpath('/v1/enpath/%%%')).toBe(BAD_ENPATH);
    expect(rewriteEnpath('/v1/users/login?x=1')).toBe('/v1/users/login?x=1');
  });

  it('decodes a segment once, bad ones included, and keeps a bounded number', () => {
    const decode = vi.fn(decodeEnpath);
    const rewrite = enpathRewriter(decode);
    const time = `/v1/enpath/${encodeEnpath('betting/getServerTimeMillisecond')}`;
    for (let i = 0; i < 5; i++) {
      expect(rewrite(`${time}?i=${i}`)).toBe(`/v1/betting/getServerTimeMillisecond?i=${i}`);
      expect(rewrite('/v1/enpath/Li4v')).toBe(BAD_ENPATH);
    }
    expect(decode).toHaveBeenCalledTimes(2);
    for (let i = 0; i < ENPATHS_KEPT * 3; i++) rewrite(`/v1/enpath/${encodeEnpath(`a/b${i}`)}`);
    expect(rewrite.size()).toBeLessThanOrEqual(ENPATHS_KEPT);
    expect(rewrite(time)).toBe('/v1/betting/getServerTimeMillisecond');
  });
});
