import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to PGlite under ./data on port 8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      TENANT_CODE: 'demo',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ALLOWED_IPS).toEqual([]);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SITE_MODE: 'maintain',
      ALLOWED_IPS: '1.2.3.4, 5.6.7.8',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({ PORT: 9000, SITE_MODE: 'maintain', TRUST_PROXY: true });
    expect(config.ALLOWED_IPS).toEqual(['1.2.3.4', '5.6.7.8']);
  });

  it('lists each bad value with a clear message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SITE_MODE: 'sleep', NODE_ENV: 'prod' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toContain('PORT: PORT must be a whole number (got "abc")');
    expect(text).toContain(
      'DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")',
    );
    expect(text).toContain(
      'SITE_MODE: SITE_MODE must be one of open, maintain, closed, restricted (got "sleep")',
    );
    expect(text).toContain('NODE_ENV: NODE_ENV must be development, production or test (got "prod")');
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT must be between 1 and 65535');
  });
});
