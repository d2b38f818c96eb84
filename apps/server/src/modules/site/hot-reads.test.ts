import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../app';
import { COMMANDS } from '../../cli/admin';
import type { Config } from '../../config';
import { createDb, type Database } from '../../db/client';
import { json, testApp, testConfig } from '../../test/app';
import { type CacheChange, RedisChangeFeed } from './change-feed';

/**
 * Hot reads come from memory (DESIGN.md §10), yet a change is seen by the next request: a tenant
 * config change made with the admin CLI, a new draw by the scheduler, in this process and, with
 * Redis, in another. The clock stands still (or moves less than the caches' 2 s max age), so
 * only the change announcements can make a fresh answer appear.
 */
const SSC = '1002'; // one issue a minute
const ssc = lotteryByCode(SSC)!;
const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(pgUrl);

const TENANT_CONFIG = '/v1/management/tenant/getTenantConfig';
const CATALOGUE = '/v1/management/content/getAllLotteryDataFront';
const openResult = `/v1/lottery/openResult?lotteryCode=${SSC}&dataNum=5`;
const openData = `/v1/betting/lotteryOpenData?lotteryCode=${SSC}`;

async function read<T>(app: FastifyInstance, url: string): Promise<T> {
  const body = json<T>(await app.inject({ method: 'GET', url }));
  expect(body.code).toBe(1);
  return body.data!;
}
const tenantName = async (app: FastifyInstance) =>
  (await read<{ tenantName: string }>(app, TENANT_CONFIG)).tenantName;
const newestIssue = async (app: FastifyInstance) =>
  (await read<{ issue: string }[]>(app, openResult))[0]?.issue;
const lastResultIssue = async (app: FastifyInstance) =>
  (await read<{ lastResult: { issue: string } | null }>(app, openData)).lastResult?.issue;

function siteConfig(config: Config, database: Database, ...args: string[]): Promise<string> {
  return COMMANDS['site-config'].run(args, { config, database });
}

/** Polls (real time) while another process's announcement travels through Redis. */
async function eventually<T>(probe: () => Promise<T>, expected: T, timeoutMs = 2000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let seen = await probe();
  while (seen !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await probe();
  }
  return seen;
}

describe('hot reads', async () => {
  const { app, clock, database } = await testApp({ scheduler: { lotteries: [SSC] } });

  /** Puts the clock 0.5 s before SSC's next draw and draws everything before it. */
  async function justBeforeADraw(): Promise<{ drawMs: number; issue: string }> {
    const next = currentIssue(ssc, clock.now() + 60_000);
    clock.set(next.drawMs - 500);
    await app.scheduler.tick();
    return { drawMs: next.drawMs, issue: next.issue };
  }

  it('sees a tenant config change made with the admin CLI on the next request', async () => {
    expect(await tenantName(app)).toBe('吉彩娱乐');
    await siteConfig(app.ctx.config, database, 'tenantName=吉彩测试站');
    expect(await tenantName(app)).toBe('吉彩测试站');
    await siteConfig(app.ctx.config, database, 'tenantName=吉彩娱乐');
    expect(await tenantName(app)).toBe('吉彩娱乐');
  });

  it('serves the catalogue from memory, and a stamp moved by another process within 2 s', async () => {
    const nameOf = async () =>
      (
        await read<{ lotteryConfig: { lotteryCode: string; lotteryName: string }[] }>(app, CATALOGUE)
      ).lotteryConfig.find((l) => l.lotteryCode === SSC)?.lotteryName;
    expect(await nameOf()).toBe('极速时时彩');
    // Another process (nobody tells this one) renames the lottery and moves the catalogue stamp.
    await database.query(`UPDATE lotteries SET name = '极速时时彩二' WHERE code = $1`, [SSC]);
    await database.query('UPDATE tenants SET lottery_order_updated_at = lottery_order_updated_at + 1');
    expect(await nameOf()).toBe('极速时时彩');
    clock.advance(2000);
    expect(await nameOf()).toBe('极速时时彩二');
    await database.query(`UPDATE lotteries SET name = '极速时时彩' WHERE code = $1`, [SSC]);
  });

  it('shows a new draw on the next request (results list and last result)', async () => {
    const { drawMs, issue } = await justBeforeADraw();
    expect(await newestIssue(app)).not.toBe(issue);
    expect(await lastResultIssue(app)).not.toBe(issue);
    clock.set(drawMs + 500); // one second later: within the caches' max age
    expect((await app.scheduler.tick()).drawn).toBe(1);
    expect(await newestIssue(app)).toBe(issue);
    expect(await lastResultIssue(app)).toBe(issue);
  });

  it.runIf(onPostgres && Boolean(redisUrl))(
    'sees a config change and a new draw made by another app instance, through Redis',
    async () => {
      // Two instances on two connections to the same database, as two processes would be.
      const [{ schema }] = await database.query<{ schema: string }>('SELECT current_schema() AS schema');
      const config = testConfig({ REDIS_URL: redisUrl! });
      const otherDatabase = await createDb({ url: pgUrl, poolSize: 2, searchPath: schema });
      const leader = await build({
        config,
        database,
        clock,
        logLevel: 'silent',
        scheduler: { lotteries: [SSC] },
      });
      const reader = await build({ config, database: otherDatabase, clock, logLevel: 'silent' });
      try {
        expect(await tenantName(reader)).toBe('吉彩娱乐');
        await siteConfig(config, database, 'tenantName=吉彩二号站');
        expect(await eventually(() => tenantName(reader), '吉彩二号站')).toBe('吉彩二号站');
        await siteConfig(config, database, 'tenantName=吉彩娱乐');
        expect(await eventually(() => tenantName(reader), '吉彩娱乐')).toBe('吉彩娱乐');

        const next = currentIssue(ssc, clock.now() + 60_000);
        clock.set(next.drawMs - 500);
        await leader.scheduler.tick();
        expect(await newestIssue(reader)).not.toBe(next.issue);
        clock.set(next.drawMs + 500);
        expect((await leader.scheduler.tick()).drawn).toBe(1);
        expect(await eventually(() => newestIssue(reader), next.issue)).toBe(next.issue);
        expect(await lastResultIssue(reader)).toBe(next.issue);
      } finally {
        await reader.close();
        await leader.close();
        await otherDatabase.close();
      }
    },
  );
});

describe('cache change feed', () => {
  it.runIf(Boolean(redisUrl))(
    'carries every kind of change to the other processes, not back to its sender',
    async () => {
      const log = { warn: () => undefined, info: () => undefined };
      const channel = `lottery-cache:feed-test-${process.pid}`;
      const heard: { by: string; change: CacheChange }[] = [];
      const feed = (by: string) =>
        RedisChangeFeed.connect(
          redisUrl!,
          channel,
          { onChange: (change) => heard.push({ by, change }), onReconnect: () => undefined },
          log,
        );
      const [a, b] = await Promise.all([feed('a'), feed('b')]);
      try {
        const changes: CacheChange[] = [
          { kind: 'tenant' },
          { kind: 'draw', lotteryCode: SSC, issue: '202611270001' },
          { kind: 'rebate' },
        ];
        for (const change of changes) await a.publish(change);
        await vi.waitFor(() => expect(heard).toHaveLength(3));
        expect(heard).toEqual(changes.map((change) => ({ by: 'b', change })));
      } finally {
        await a.close();
        await b.close();
      }
    },
  );

  it('starts within about 2 s when Redis is unreachable, and closes cleanly', async () => {
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => warnings.push(msg), info: () => undefined };
    const started = Date.now();
    const feed = await RedisChangeFeed.connect(
      'redis://127.0.0.1:1',
      'lottery-cache:test',
      { onChange: () => undefined, onReconnect: () => undefined },
      log,
    );
    expect(Date.now() - started).toBeLessThan(4000);
    await feed.publish({ kind: 'tenant' }); // skipped, not queued
    await feed.close();
    expect(warnings).toHaveLength(1);
  });
});
