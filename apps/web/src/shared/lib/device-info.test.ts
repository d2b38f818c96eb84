import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './device-info';
import { installPlatform } from './install';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A5460 Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.43 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const WECHAT =
  'Mozilla/5.0 (Linux; Android 12; V2145A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 MicroMessenger/8.0.44.2502';

describe('parseUserAgent', () => {
  it('reads browser, engine, OS and model of an Android phone', () => {
    expect(parseUserAgent(ANDROID)).toEqual({
      browser: 'Chrome 120.0.6099.43',
      engine: 'AppleWebKit 537.36',
      os: 'Android 13',
      model: 'SM-A5460',
    });
  });

  it('reads Safari on an iPhone, with the iOS version in dots', () => {
    expect(parseUserAgent(IPHONE)).toEqual({
      browser: 'Safari 17.2',
      engine: 'AppleWebKit 605.1.15',
      os: 'iOS 17.2',
      model: 'iPhone',
    });
  });

  it('names the in-app browser (WeChat) before the engine it embeds', () => {
    expect(parseUserAgent(WECHAT)).toMatchObject({ browser: 'MicroMessenger 8.0.44.2502', model: 'V2145A' });
  });

  it('leaves what it cannot read empty', () => {
    expect(parseUserAgent('curl/8.0')).toEqual({ browser: '', engine: '', os: '', model: '' });
  });
});

describe('installPlatform', () => {
  it('gives iOS its share-sheet steps, Android its menu, anything else the desktop ones', () => {
    expect(installPlatform(IPHONE)).toBe('ios');
    expect(installPlatform(ANDROID)).toBe('android');
    expect(installPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/156')).toBe('desktop');
  });
});
