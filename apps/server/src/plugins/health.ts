import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { readMigrations } from '../db/migrate';
import type { RateLimitRedis } from './rate-limit-redis';

/**
 * Health for a load balancer (docs/operations.md "Health checks and load balancing"), outside /v1
 * so no session, tenant or site mode stands in the way:
 * - GET /healthz: 200 while the process can answer at all (a liveness probe; restart if it fails).
 * - GET /readyz: 200 when the database answers, every migration this build knows is applied, and
 *   Redis answers when REDIS_URL is set; else 503, so the balancer sends traffic elsewhere.
 * Each check is bounded: a database that hangs gives 503 within READY_CHECK_TIMEOUT_MS, never a
 * probe that hangs with it.
 */
export const READY_CHECK_TIMEOUT_MS = 1000;

type DatabaseState = 'up' | 'down';
type MigrationState = 'applied' | 'pending' | 'unknown';
type RedisState = 'up' | 'down' | 'not configured';

export interface ReadyChecks {
  database: DatabaseState;
  migrations: MigrationState;
  redis: RedisState;
}

export function registerHealth(
  app: FastifyInstance,
  deps: { database: Database; redis: RateLimitRedis | null },
): void {
  const known = readMigrations().map((m) => m.version);

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    const [schema, redis] = await Promise.all([checkSchema(deps.database, known), checkRedis(deps.redis)]);
    const checks: ReadyChecks = { ...schema, redis };
    const ready = schema.database === 'up' && schema.migrations === 'applied' && redis !== 'down';
    reply.header('cache-control', 'no-store').status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks };
  });
}

/** One query answers both: the database is reachable, and which migrations it holds. */
async function checkSchema(
  database: Database,
  known: readonly string[],
): Promise<{ database: DatabaseState; migrations: MigrationState }> {
  try {
    const rows = await bounded(database.query<{ version: string }>('SELECT version FROM schema_migrations'));
    const applied = new Set(rows.map((r) => r.version));
    return { database: 'up', migrations: known.every((v) => applied.has(v)) ? 'applied' : 'pending' };
  } catch (error) {
    // the table itself missing: the database answers but was never migrated
    if ((error as { code?: string }).code === '42P01') return { database: 'up', migrations: 'pending' };
    return { database: 'down', migrations: 'unknown' };
  }
}

async function checkRedis(redis: RateLimitRedis | null): Promise<RedisState> {
  if (!redis) return 'not configured';
  return (await bounded(redis.ping()).catch(() => false)) ? 'up' : 'down';
}

function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ready check timed out')), READY_CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
