import { describe, expect, it } from 'vitest';
import { decodeEnpath, encodeEnpath, enpathUrl } from './enpath';

describe('enpath', () => {
  it('encodes as the design example, query kept outside', () => {
    expect(encodeEnpath('users/login')).toBe('dXNlcnMvbG9naW4=');
    expect(encodeEnpath('/users/login')).toBe('dXNlcnMvbG9naW4=');
    expect(enpathUrl('users/checkUser?userName=abc')).toBe('/v1/enpath/dXNlcnMvY2hlY2tVc2Vy?userName=abc');
  });

  it('decodes standard base64 (padded, unpadded, percent-encoded padding) and base64url', () => {
    expect(decodeEnpath('dXNlcnMvbG9naW4=')).toBe('users/login');
    expect(decodeEnpath('dXNlcnMvbG9naW4')).toBe('users/login');
    expect(decodeEnpath('dXNlcnMvbG9naW4%3D')).toBe('users/login');
    const path = 'management/content/imageBannerHomeMobileFront';
    expect(decodeEnpath(Buffer.from(path).toString('base64url'))).toBe(path);
  });

  it('maps the url-safe alphabet (- and _) onto + and /', () => {
    // Bytes chosen so the standard encoding has '+' and '/': the two alphabets must decode alike,
    // and since the result is not a plain API path both are refused the same way.
    const bytes = Buffer.from([0xfb, 0xff, 0xbf]);
    expect(bytes.toString('base64')).toBe('+/+/');
    expect(decodeEnpath('+/+/')).toBe(decodeEnpath('-_-_'));
    expect(decodeEnpath('-_-_')).toBeUndefined();
  });

  it('refuses traversal, odd characters, junk and empty', () => {
    expect(decodeEnpath(encodeEnpath('../etc/passwd'))).toBeUndefined();
    expect(decodeEnpath(encodeEnpath('users/../admin'))).toBeUndefined();
    expect(decodeEnpath(encodeEnpath('users/info?x=1'))).toBeUndefined();
    expect(decodeEnpath('!!!')).toBeUndefined();
    expect(decodeEnpath('')).toBeUndefined();
    expect(decodeEnpath('a')).toBeUndefined();
  });
});
