import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb, isDatabaseUnavailable, PGLITE_OWNER_FILE } from './client';

/** Which failures the caller is told 系统繁忙 (-5) for, rather than a server error. */
describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('knows a restart, a terminated backend, a refused or timed-out connection, a timeout', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('40P01', 'deadlock detected'),
      pgError('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Query read timeout'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('looks through drizzle wrapping and aggregated connect errors', () => {
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const aggregate = new AggregateError(
      [pgError('ECONNREFUSED'), pgError('ECONNREFUSED')],
      'connect failed',
    );
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
  });

  it('leaves bugs and broken rules alone: those stay server errors', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42P01', 'relation "nope" does not exist'),
      new TypeError('cannot read properties of undefined'),
      undefined,
      'a string',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe('an embedded data directory', () => {
  it('is one process’s: another live process is refused with what to do, a dead owner is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lottery-owner-'));
    try {
      // the directory named by a live process other than this one (our parent: the test runner)
      writeFileSync(join(dir, PGLITE_OWNER_FILE), String(process.ppid));
      await expect(createDb({ dataDir: dir })).rejects.toThrow(/is open in process \d+.*DATABASE_URL/);
      // a process that is gone leaves its name behind: the next opener takes the directory
      writeFileSync(join(dir, PGLITE_OWNER_FILE), '2147483646');
      const database = await createDb({ dataDir: dir });
      expect(readFileSync(join(dir, PGLITE_OWNER_FILE), 'utf8')).toBe(String(process.pid));
      await database.close();
      expect(existsSync(join(dir, PGLITE_OWNER_FILE))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
