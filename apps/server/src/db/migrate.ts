import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/** Hand-written SQL migrations, applied in file-name order (docs/adr/0001-hand-written-migrations.md). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
/** Any constant: every process that migrates takes the same lock. */
const LOCK_KEY = 726_301_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => FILE.test(f))
    .sort();
  const seen = new Set<string>();
  return files.map((file) => {
    const [, version, name] = FILE.exec(file)!;
    if (seen.has(version)) throw new Error(`Two migrations share number ${version} (${file})`);
    seen.add(version);
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    return { version, name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/**
 * Apply every pending migration, each in its own transaction, under a session advisory lock so
 * several processes starting together apply each file exactly once. Returns the versions applied.
 */
export async function migrate(
  database: Database,
  migrations: Migration[] = readMigrations(),
): Promise<string[]> {
  return database.withSession(async (session) => {
    // A migration may rewrite a large table, and waiting for another process's migrations is
    // expected: the pool's statement_timeout (meant for calls) does not apply here.
    await session.exec('SET statement_timeout = 0');
    await session.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const rows = await session.query<{ version: string; checksum: string }>(
        'SELECT version, checksum FROM schema_migrations',
      );
      const applied = new Map(rows.map((r) => [r.version, r.checksum]));
      const done: string[] = [];
      for (const m of migrations) {
        const previous = applied.get(m.version);
        if (previous !== undefined) {
          if (previous !== m.checksum) {
            throw new Error(
              `Migration ${m.version}_${m.name} changed after it was applied; add a new migration instead`,
            );
          }
          continue;
        }
        await session.exec('BEGIN');
        try {
          await session.exec(m.sql);
          await session.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
            m.version,
            m.name,
            m.checksum,
          ]);
          await session.exec('COMMIT');
        } catch (error) {
          await session.exec('ROLLBACK');
          throw new Error(`Migration ${m.version}_${m.name} failed: ${(error as Error).message}`);
        }
        done.push(m.version);
      }
      return done;
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
      await session.exec('RESET statement_timeout');
    }
  });
}
