import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** The one drizzle type every repo takes, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** One connection that raw SQL (migrations, advisory locks) runs on. */
export interface SqlSession {
  /** Runs one or more statements, no parameters. */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw parameterised query on any connection. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Borrow one connection for work that must stay on it (locks, migrations). */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; absent -> PGlite. */
  url?: string;
  /** PGlite data directory; absent with no url -> in memory. */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL search_path (tests use a schema per file). */
  searchPath?: string;
}

export async function createDb(options: DbOptions): Promise<Database> {
  return options.url ? createPostgres(options.url, options) : createPglite(options.dataDir);
}

async function createPglite(dataDir: string | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  let turn: Promise<void> = Promise.resolve();
  const session: SqlSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  };
  return {
    kind: 'pglite',
    db,
    query: session.query,
    // PGlite is one connection: callers take turns, so a session's BEGIN..COMMIT and advisory
    // lock are not interleaved with another withSession caller in this process.
    withSession: (work) => {
      const run = turn.then(() => work(session));
      turn = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    close: () => client.close(),
  };
}

async function createPostgres(url: string, options: DbOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // Fail at start, with the driver's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    withSession: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
