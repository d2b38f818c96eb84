import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('main', () => {
  it('refuses to start on bad configuration, one clear line per bad value, exit 1', () => {
    const result = spawnSync(
      `${root}node_modules/.bin/tsx`,
      [fileURLToPath(new URL('./main.ts', import.meta.url))],
      {
        cwd: root,
        env: { PATH: process.env.PATH, PORT: 'eighty', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORT: PORT must be a whole number (got "eighty")');
    expect(result.stderr).toContain('DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(result.stderr).toContain('LOG_LEVEL: LOG_LEVEL must be one of');
    expect(result.stderr).not.toMatch(/at .*\(/);
  });
});
