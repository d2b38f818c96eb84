import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  /** Aborted when the session's connection is lost (PostgreSQL); PGlite's never is. */
  signal: AbortSignal;
}

/** The logger subset the database reports its connection state to (Fastify's logger fits). */
export interface DbLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const statementName = (sql: string) => `q${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;

const SILENT_LOG: DbLog = { error: () => undefined, warn: () => undefined };

/** Defaults for the PostgreSQL bounds (DESIGN.md §8; docs/operations.md "Database outages"). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
export const DEFAULT_IDLE_IN_TRANSACTION_MS = 15_000;
const QUERY_TIMEOUT_GRACE_MS = 5000;
const WATCH_SUMMARY_MS = 10_000;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw parameterised query on any connection. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * The same, for a hot statement of fixed text: PostgreSQL parses it once per connection and may
   * keep its plan (a named prepared statement, named by the text's hash so that two texts never
   * share a name). PGlite runs it as `query`.
   */
  queryPrepared<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]>;
  /** Borrow one connection for work that must stay on it (locks, migrations). */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** Where connection losses and recoveries are logged (silent until set). */
  setLog(log: DbLog): void;
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
  /** PostgreSQL application_name: how operators (and outage tests) find our backends. */
  applicationName?: string;
  /** Longest wait for a pooled or new connection before a call is refused. */
  connectTimeoutMs?: number;
  /** Server-side cap on one statement (statement_timeout). */
  statementTimeoutMs?: number;
  /** The server ends a session idle inside a transaction this long, releasing its locks. */
  idleInTransactionTimeoutMs?: number;
}

export async function createDb(options: DbOptions): Promise<Database> {
  return options.url ? createPostgres(options.url, options) : createPglite(options.dataDir);
}

/** The file naming the process that has a PGlite data directory open. */
export const PGLITE_OWNER_FILE = '.lottery-owner';

/** Another live process has the embedded database open (see claimDataDir). */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second process opening the same directory (an operator
 * command beside the running server) would write into files the first keeps in memory, and its
 * changes would be lost or the directory damaged. The first opener names itself in the directory;
 * another live process is refused with what to do instead. A name left by a process that died is
 * taken over.
 */
function claimDataDir(dir: string): () => void {
  const file = join(dir, PGLITE_OWNER_FILE);
  let owner = 0;
  try {
    owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    // nobody has it
  }
  if (owner > 0 && owner !== process.pid && alive(owner)) {
    throw new DataDirInUseError(
      `DATA_DIR ${dir} is open in process ${owner} (the server?): the embedded database serves one process. ` +
        'Stop that process first, or run the server on PostgreSQL (DATABASE_URL) to use commands beside it.',
    );
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

async function createPglite(dataDir: string | undefined): Promise<Database> {
  let client: PGlite;
  let release = () => {};
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    release = claimDataDir(dir);
    client = await PGlite.create(dir).catch((error: unknown) => {
      release();
      throw error;
    });
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  let turn: Promise<void> = Promise.resolve();
  const session: SqlSession = {
    signal: new AbortController().signal,
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  };
  return {
    kind: 'pglite',
    db,
    query: session.query,
    queryPrepared: session.query,
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
    setLog: () => undefined,
    close: async () => {
      await client.close();
      release();
    },
  };
}

async function createPostgres(url: string, options: DbOptions): Promise<Database> {
  const watch = new ConnectionWatch();
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  // Every client the pool opens reports its connect outcome to the watch, so a refused or
  // timed-out connection is seen even when no client ever emits 'error'.
  class WatchedClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | undefined {
      if (callback) {
        super.connect((err: Error | null) => {
          watch.connected(err ?? undefined);
          callback(err as Error);
        });
        return;
      }
      return super.connect().then(
        (client) => {
          watch.connected();
          return client;
        },
        (error: Error) => {
          watch.connected(error);
          throw error;
        },
      );
    }
  }
  const pool = new pg.Pool({
    Client: WatchedClient,
    connectionString: url,
    max: options.poolSize ?? 10,
    // unset: PGAPPNAME from the environment, else the fallback
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    fallback_application_name: 'lottery-server',
    // A call waits at most this long for a connection (a free slot or a new one) before it is
    // answered 系统繁忙: during an outage nobody hangs.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    // The server gives up first; this client-side cap only fires when the server went silent
    // (a network partition), where the TCP keep-alive would take minutes.
    query_timeout: statementTimeoutMs + QUERY_TIMEOUT_GRACE_MS,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // jit off: these are short OLTP reads; JIT compiling a costly plan took longer than running it (docs/adr/0703)
    options: `-c jit=off${options.searchPath ? ` -c search_path=${options.searchPath}` : ''}`,
  });
  // An idle client whose backend went away (restart, failover, pooler timeout, pg_terminate_backend)
  // is dropped by the pool, which then emits 'error': without a listener that kills the process.
  pool.on('error', (error) => watch.failed(error));
  // A client that is checked out (a transaction between statements, the scheduler's lock
  // session) emits 'error' on itself, not on the pool: every client gets a listener for life.
  pool.on('connect', (client) => {
    client.on('error', (error) => watch.failed(error));
  });
  // Fail at start, with the driver's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    queryPrepared: async <T>(sql: string, params: unknown[]) =>
      (await pool.query({ name: statementName(sql), text: sql, values: params })).rows as T[],
    withSession: async (work) => {
      const client = await pool.connect();
      // The session is lost when its connection errors or ends; work that must not go on
      // without it (the scheduler's leader lock) watches this signal.
      const lost = new AbortController();
      const onLost = (error?: Error) => {
        if (!lost.signal.aborted) lost.abort(error ?? new Error('Connection terminated'));
      };
      client.on('error', onLost);
      client.on('end', onLost);
      // A session whose work failed may hold a transaction or a session lock: never pool it again.
      let failure: Error | undefined;
      try {
        return await work({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
          signal: lost.signal,
        });
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.removeListener('error', onLost);
        client.removeListener('end', onLost);
        client.release(lost.signal.aborted ? (lost.signal.reason as Error) : failure);
      }
    },
    setLog: (log) => watch.setLog(log),
    close: async () => {
      watch.stop();
      await pool.end();
    },
  };
}

/**
 * Turns a burst of connection errors into what an operator needs: one line when the database is
 * lost, a summary every WATCH_SUMMARY_MS while it stays away, one line when a connection succeeds
 * again (with how long it was down and how many connection attempts failed).
 */
class ConnectionWatch {
  private log: DbLog = SILENT_LOG;
  private lostAtMs: number | undefined;
  private failures = 0;
  private summary: NodeJS.Timeout | undefined;

  setLog(log: DbLog): void {
    this.log = log;
  }

  connected(error?: Error): void {
    if (error) this.failed(error);
    else this.restored();
  }

  failed(error: Error): void {
    this.failures++;
    if (this.lostAtMs !== undefined) return;
    this.lostAtMs = Date.now();
    this.log.error(
      { err: error, code: errorCode(error) },
      'database connection lost: calls answer 系统繁忙 and jobs pause until it is back',
    );
    this.summary = setInterval(() => {
      if (this.lostAtMs === undefined) return;
      this.log.warn(
        { downMs: Date.now() - this.lostAtMs, failedConnections: this.failures },
        'database still unreachable',
      );
    }, WATCH_SUMMARY_MS);
    this.summary.unref();
  }

  private restored(): void {
    if (this.lostAtMs === undefined) return;
    this.log.warn(
      { downMs: Date.now() - this.lostAtMs, failedConnections: this.failures },
      'database connection restored',
    );
    this.stop();
  }

  stop(): void {
    if (this.summary) clearInterval(this.summary);
    this.summary = undefined;
    this.lostAtMs = undefined;
    this.failures = 0;
  }
}

/** SQLSTATEs that mean "the database cannot serve this now; the same call may succeed later". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovery)
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres raises these as plain Errors, with no code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'not queryable',
  'Query read timeout',
  'Connection terminated due to connection timeout',
];

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether an error (or anything in its cause chain: drizzle wraps the driver's error) means the
 * database was unreachable, restarting, or cut the call short: the caller should be told
 * 系统繁忙 and may retry, rather than be shown a server error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  // bounded: causes and aggregated errors form a small tree
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const code = errorCode(current);
    if (
      code &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(code))
    ) {
      return true;
    }
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    queue.push((current as { cause?: unknown }).cause);
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return false;
}
