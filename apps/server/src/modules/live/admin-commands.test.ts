import { lotteryByCode } from '@lottery/rules/lotteries';
import { issueAfter, lastDrawnIssue } from '@lottery/rules/schedule';
import { describe, expect, it } from 'vitest';
import { build } from '../../app';
import { createDb } from '../../db/client';
import { UsageError } from '../../operator/command';
import { testApp, testConfig } from '../../test/app';
import { DRAW_COMMANDS } from './admin-commands';
import { liveWatchers } from './testing';

/**
 * `npm run admin -- official-result`: the operator's result is stored, settled, and pushed to the
 * live watchers of this process at once and, with Redis, of every other process.
 */
const STOCK = lotteryByCode('1911')!; // 上证指数: the index's last five digits are the draw
const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(pgUrl);
const command = DRAW_COMMANDS['official-result']!;

describe('official-result', async () => {
  const { app, clock, database } = await testApp();
  const config = testConfig();
  // Two drawn issues in the past, the clock after the second's draw.
  const first = lastDrawnIssue(STOCK, clock.now());
  const second = issueAfter(STOCK, first);
  clock.set(second.drawMs + 60_000);
  const run = (args: string[], extra: Record<string, string> = {}) =>
    command.run(args, { config: { ...config, ...extra }, database, clock });

  it('refuses what is not an official result of a drawn issue, storing nothing', async () => {
    await expect(run(['9999', first.issue, '3000.00'])).rejects.toThrow(new UsageError('no lottery 9999'));
    await expect(run(['1401', '20261120001', '1,2,3'])).rejects.toThrow(/drawn by its chain|has no issue/);
    await expect(run([STOCK.code, 'nonsense', '3000.00'])).rejects.toThrow(/has no issue/);
    await expect(run([STOCK.code, first.issue])).rejects.toThrow(/give the result/);
    const future = issueAfter(STOCK, issueAfter(STOCK, second));
    await expect(run([STOCK.code, future.issue, '3000.00'])).rejects.toThrow(/draws at/);
    const rows = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM draw_issue WHERE lottery_code = '${STOCK.code}'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("stores, settles and pushes the result to this process's watchers; a second entry keeps the first", async () => {
    const { open, until } = liveWatchers(app);
    const watcher = await open(`code=${STOCK.code}`);
    await until(watcher, 'hello');
    const out = await run([STOCK.code, first.issue, '3756.78']);
    expect(out).toContain(`${STOCK.name} ${first.issue}: result stored`);
    expect(out).toMatch(/settlement: /);
    const drawn = await until(watcher, 'drawn', first.issue);
    expect(drawn.draw.numbers).toEqual(['7', '5', '6', '7', '8']);
    expect(await run([STOCK.code, first.issue, '3000.00'])).toContain('already had a result (kept)');
    watcher.ws.close();
  });

  it.runIf(onPostgres && Boolean(redisUrl))(
    'reaches the watchers of a server process through Redis when run from another process',
    async () => {
      // The server on a connection of its own, as a separate process would be; the command on this one.
      const [{ schema }] = await database.query<{ schema: string }>('SELECT current_schema() AS schema');
      const serverDatabase = await createDb({ url: pgUrl, poolSize: 2, searchPath: schema });
      const server = await build({
        config: testConfig({ REDIS_URL: redisUrl! }),
        database: serverDatabase,
        clock,
        logLevel: 'silent',
      });
      try {
        const { open, until } = liveWatchers(server);
        const watcher = await open(`code=${STOCK.code}`);
        await until(watcher, 'hello');
        const out = await run([STOCK.code, second.issue, '3825.79'], { REDIS_URL: redisUrl! });
        expect(out).toContain('live: pushed to the watchers');
        const drawn = await until(watcher, 'drawn', second.issue);
        expect(drawn.draw.numbers).toEqual(['8', '2', '5', '7', '9']);
        watcher.ws.close();
      } finally {
        await server.close();
        await serverDatabase.close();
      }
    },
  );
});
