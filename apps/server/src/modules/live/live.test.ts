import { randomBytes } from 'node:crypto';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from '../../app';
import { createDb } from '../../db/client';
import { queryOne } from '../../db/sql';
import { testApp, testConfig } from '../../test/app';
import { liveWatchers } from './testing';

/**
 * The live draw socket (docs/live.md): a visitor (no session) watches a lottery, hears hello with
 * the issue on sale and the last results, then the real stored result of the next draw the moment
 * the scheduler draws it; a bad frame closes that socket only.
 */
const K3 = '1401';
const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(pgUrl);

describe('live draw socket', async () => {
  const { app, clock, database } = await testApp({ scheduler: { lotteries: [K3] } });
  const k3 = lotteryByCode(K3)!;
  const { open, until } = liveWatchers(app);

  it('pushes the real result of a draw to visitors and closes only a socket that sends a bad frame', async () => {
    // Draw one issue first, so hello carries a last result.
    const first = issueAfter(k3, currentIssue(k3, clock.now()));
    clock.set(first.drawMs + 1000);
    await app.scheduler.tick();

    const one = await open(`code=${K3}`);
    const two = await open(`code=${K3}`);
    const hello = await until(one, 'hello');
    expect(hello.lotteryCode).toBe(K3);
    expect(hello.history[0]?.issue).toBe(first.issue);
    const upcoming = hello.next;
    expect(upcoming.drawMs).toBeGreaterThan(clock.now());
    await until(two, 'hello');

    clock.set(upcoming.drawMs + 1000);
    await app.scheduler.tick();
    const row = await queryOne<{ numbers: string }>(
      database.db,
      sql`SELECT numbers FROM draw_issue WHERE lottery_code = ${K3} AND issue = ${upcoming.issue}`,
    );
    expect(row).toBeDefined();
    for (const c of [one, two]) {
      const drawn = await until(c, 'drawn', upcoming.issue);
      expect(drawn.draw.numbers).toEqual(row!.numbers.split(','));
      expect(drawn.draw.numbers).toHaveLength(3);
      expect(drawn.next.drawMs).toBeGreaterThan(upcoming.drawMs);
    }

    // a bad frame closes that socket only
    two.ws.send('{"type":"hack"}');
    expect(await two.closed).toBe(4000);
    one.ws.send(JSON.stringify({ type: 'ping' }));
    await until(one, 'pong');
    one.ws.close();
  });

  it('refuses an unknown lottery and a foreign origin', async () => {
    const unknown = await open('code=9999');
    expect(await unknown.closed).toBe(4003);
    expect(unknown.frames[0]).toMatchObject({ type: 'error', msg: '当前彩种不存在' });
    const bad = await open('code=abc');
    expect(await bad.closed).toBe(4000);
    await expect(open(`code=${K3}`, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('closes a socket that floods', async () => {
    const c = await open(`code=${K3}`);
    await until(c, 'hello');
    for (let i = 0; i < 30; i++) c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await c.closed).toBe(4009);
  });

  it.runIf(onPostgres && Boolean(redisUrl))(
    "pushes the leader's draw to the watchers of another process through Redis",
    async () => {
      // Two instances on two connections to one database, as two processes would be; a channel of
      // their own, so no other test file's frames reach them.
      const [{ schema }] = await database.query<{ schema: string }>('SELECT current_schema() AS schema');
      const chat = { redisUrl: redisUrl!, channel: `chat:live-${randomBytes(4).toString('hex')}` };
      const config = testConfig({ REDIS_URL: redisUrl! });
      const otherDatabase = await createDb({ url: pgUrl, poolSize: 2, searchPath: schema });
      const leader = await build({
        config,
        database,
        clock,
        logLevel: 'silent',
        chat,
        scheduler: { lotteries: [K3] },
      });
      const follower = await build({ config, database: otherDatabase, clock, logLevel: 'silent', chat });
      try {
        const far = liveWatchers(follower);
        const watcher = await far.open(`code=${K3}`);
        await far.until(watcher, 'hello');
        const next = issueAfter(k3, currentIssue(k3, clock.now()));
        clock.set(next.drawMs + 1000);
        await leader.scheduler.tick();
        const row = await queryOne<{ numbers: string }>(
          database.db,
          sql`SELECT numbers FROM draw_issue WHERE lottery_code = ${K3} AND issue = ${next.issue}`,
        );
        const drawn = await far.until(watcher, 'drawn', next.issue);
        expect(drawn.draw.numbers).toEqual(row!.numbers.split(','));
        watcher.ws.close();
      } finally {
        await follower.close();
        await leader.close();
        await otherDatabase.close();
      }
    },
  );
});
