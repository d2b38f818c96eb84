import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from './db/client';
import { freePort, killStarted, type ServerProcess, startProcess, TSX } from './test/server-process';

const CLUSTER = fileURLToPath(new URL('./cluster.ts', import.meta.url));
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Worker pids the primary has announced as serving, in order. */
function servingWorkers(output: string): number[] {
  return [...output.matchAll(/"worker":(\d+)[^\n]*"msg":"worker serving"/g)].map((m) => Number(m[1]));
}

// Needs PostgreSQL (the cluster's database) and Redis (shared chat between workers).
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres' || !databaseUrl || !redisUrl)(
  'supervised cluster (issue 9 Supervision)',
  () => {
    const schema = `t_cluster_${randomBytes(4).toString('hex')}`;
    let database: Database;
    let primary: ServerProcess;
    let port = 0;

    beforeAll(async () => {
      const admin = await createDb({ url: databaseUrl, poolSize: 1 });
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.close();
      database = await createDb({ url: databaseUrl, poolSize: 2, searchPath: schema });
      port = await freePort();
      const url = new URL(databaseUrl!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      primary = startProcess(TSX, [CLUSTER], {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl!,
        WORKERS: '2',
        LOG_LEVEL: 'info',
      });
      await primary.waitFor(/worker serving[\s\S]*worker serving/, 170_000);
    }, 180_000);

    afterAll(async () => {
      killStarted();
      await database?.close();
      const admin = await createDb({ url: databaseUrl, poolSize: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    });

    const drawnSince = async (ms: number) => {
      const [row] = await database.query<{ n: string }>(
        'SELECT count(*)::text AS n FROM draw_issue WHERE drawn_at > $1',
        [ms],
      );
      return Number(row?.n ?? 0);
    };

    it('replaces killed workers, keeps serving, and the draw scheduler carries on under a new leader', async () => {
      await expect.poll(() => drawnSince(0), { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
      const original = servingWorkers(primary.output());

      // Kill every original worker, so the scheduler's leader is certainly among them.
      for (const pid of original) process.kill(pid, 'SIGKILL');
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      await expect.poll(() => original.filter(alive).length, { timeout: 5000 }).toBe(0);
      const killedAt = Date.now();

      await expect
        .poll(() => servingWorkers(primary.output()).filter((pid) => !original.includes(pid)).length, {
          timeout: 90_000,
          interval: 500,
        })
        .toBe(2);
      expect(primary.output()).toContain('worker died; starting a replacement');
      const res = await fetch(`http://127.0.0.1:${port}/v1/betting/getServerTimeMillisecond`);
      expect(await res.json()).toMatchObject({ code: 1 });

      // a 1-minute lottery draws within the next minute: by a worker that was not there before
      await expect.poll(() => drawnSince(killedAt), { timeout: 90_000, interval: 1000 }).toBeGreaterThan(0);

      primary.child.kill('SIGTERM');
      const exit = await primary.exited;
      expect(exit.code).toBe(0);
      expect(primary.output()).toContain('every worker stopped; exiting');
    }, 240_000);

    it('refuses to run on the embedded database, and several workers without Redis', async () => {
      const refused = startProcess(TSX, [CLUSTER], { WORKERS: '2', PORT: String(port) });
      const exit = await refused.exited;
      expect(exit.code).toBe(1);
      expect(refused.output()).toContain('Cannot start the cluster:');
      expect(refused.output()).toContain('DATABASE_URL: the cluster needs PostgreSQL');
      expect(refused.output()).toContain('REDIS_URL: with more than one worker');
    }, 60_000);
  },
);
