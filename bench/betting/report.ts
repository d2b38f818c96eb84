import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, type Database } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';

/** Shared by bench/betting/*.ts: a fresh PostgreSQL schema and the docs/bench.md writer. */

export const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

/** A migrated schema of its own on the bench database; `drop` removes it. */
export async function benchSchema(
  poolSize: number,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  await ensureDatabase(BENCH_URL);
  const schema = `bench_betting_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await createDb({ url: BENCH_URL, poolSize, searchPath: schema });
  await migrate(database);
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: BENCH_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Replaces (or appends) `### {key}` inside the `## betting` section of docs/bench.md. */
export function writeBettingBlock(key: string, markdown: string): void {
  const file = fileURLToPath(new URL('../../docs/bench.md', import.meta.url));
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const sectionPattern = /## betting\n[\s\S]*?(?=\n## |$)/;
  if (!sectionPattern.test(text)) text = `${text.trimEnd()}\n\n## betting\n`;
  const section = sectionPattern.exec(text)![0];
  const block = `### ${key}\n\n${markdown.trim()}\n`;
  const blockPattern = new RegExp(`### ${key}\\n[\\s\\S]*?(?=\\n### |$)`);
  const nextSection = blockPattern.test(section)
    ? section.replace(blockPattern, block)
    : `${section.trimEnd()}\n\n${block}`;
  const next = text.replace(sectionPattern, `${nextSection.trimEnd()}\n`);
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}
