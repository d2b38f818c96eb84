import { randomBytes } from 'node:crypto';
import type { AddBettingData } from '@lottery/contract/betting';
import { parseMoney } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../app';
import { ManualClock } from '../clock';
import { createDb, type Database, isDatabaseUnavailable } from '../db/client';
import { terminateBackends, waitForStatement, withAdmin } from '../db/outage-support';
import { prepareDatabase } from '../db/prepare';
import { linePayout } from '../modules/betting/index';
import { addBetting, line, newPlayer } from '../modules/betting/testing';
import { AccountCodes, auditLedger, balanceOf } from '../modules/wallet/index';
import { json, testConfig } from '../test/app';
import { DrawScheduler, MAX_BACKOFF_MS } from './scheduler';

/**
 * The scheduler losing its database mid-tick (issue 19 item 2). Invariant: the process lives, and
 * once the database answers again the catch-up draws every missed issue exactly once, in order,
 * and settles every bet once: each player's balance is funding - stakes + the payouts computed
 * from the drawn numbers, and the ledger audit holds.
 */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(url);
const APP_NAME = `sched-outage-${randomBytes(4).toString('hex')}`;
const SSC = '1002';
const ssc = lotteryByCode(SSC)!;

describe.runIf(onPostgres)('scheduler through a database outage (issue 19)', () => {
  const schema = `sched_outage_${randomBytes(6).toString('hex')}`;
  const clock = new ManualClock();
  const admin = <T>(sql: string, params: unknown[] = []) =>
    withAdmin(url!, APP_NAME, async (c) => (await c.query(sql, params)).rows as T[]);
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    database = await createDb({ url, searchPath: schema, poolSize: 5, applicationName: APP_NAME });
    await prepareDatabase(database, testConfig(), clock);
    app = await build({
      config: testConfig(),
      database,
      clock,
      logLevel: 'silent',
      limits: { registerPerIp: 1000 },
      scheduler: { lotteries: [SSC], maxDrawsPerLottery: 100 },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin(`DROP SCHEMA ${schema} CASCADE`);
  });

  it('backs off while ticks fail, up to MAX_BACKOFF_MS, and returns to the interval', () => {
    const s = new DrawScheduler(database, clock, app.log, { intervalMs: 1000 });
    const failed = (n: number) => {
      (s as unknown as { failedTicks: number }).failedTicks = n;
      return s.nextDelayMs();
    };
    expect([0, 1, 2, 3, 10].map(failed)).toEqual([1000, 2000, 4000, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
  });

  it('a tick whose backends are terminated mid-catch-up: the next ticks draw every issue once, in order, and settle every bet once', async () => {
    clock.set(issueAfter(ssc, currentIssue(ssc, clock.now())).startMs + 5000);
    await app.scheduler.tick();
    const player = await newPlayer(app, 100);
    const before = await balanceOf(database.db, player.tenantId, AccountCodes.player(player.userId));
    // one bet on each of five issues, none drawn yet
    const bets: { orderId: number; issue: string; line: ReturnType<typeof line> }[] = [];
    for (let i = 0; i < 5; i++) {
      const bet = line(SSC, 'A11', clock.now(), { bettingNumber: '0,1,2,3,4||||' });
      const placed = json<AddBettingData>(await addBetting(app, player.cookie, [bet]));
      expect(placed.code).toBe(1);
      bets.push({ orderId: Number(placed.data!.orderId), issue: placed.data!.issue, line: bet });
      clock.set(issueAfter(ssc, currentIssue(ssc, clock.now())).startMs + 5000);
    }
    clock.advance(30 * 60_000);

    // Slow every draw down and log the order in which draws commit.
    await database.query('CREATE TABLE draw_log (seq serial PRIMARY KEY, issue text NOT NULL)');
    await database.query(`CREATE FUNCTION slow_draw() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.1); INSERT INTO draw_log (issue) VALUES (NEW.issue); RETURN NEW; END; $$`);
    await database.query(
      'CREATE TRIGGER slow_draw BEFORE INSERT ON draw_issue FOR EACH ROW EXECUTE FUNCTION slow_draw()',
    );
    const tick = app.scheduler.tick().then(
      (report) => report,
      (error: unknown) => error,
    );
    await waitForStatement(url!, APP_NAME, '%INSERT INTO draw_issue%');
    await new Promise((r) => setTimeout(r, 400));
    expect(await terminateBackends(url!, APP_NAME)).toBeGreaterThan(0);
    await tick;
    // the pool's idle connections were terminated too: the first read may meet one (then it is gone)
    const cut = await untilServed(() =>
      database.query<{ n: string }>('SELECT count(*)::text AS n FROM draw_log'),
    );
    expect(Number(cut[0]!.n)).toBeLessThan(35); // the tick really stopped part-way

    for (let i = 0; i < 5; i++) {
      const report = await app.scheduler.tick();
      if (report.drawn === 0 && report.settled === 0) break;
    }
    const logged = await database.query<{ issue: string }>('SELECT issue FROM draw_log ORDER BY seq');
    const issues = logged.map((r) => r.issue);
    expect(new Set(issues).size).toBe(issues.length);
    expect([...issues].sort()).toEqual(issues);
    // no gap from the first bet's issue to the last issue due
    const last = await database.query<{ issue: string }>(
      `SELECT issue FROM draw_issue WHERE lottery_code = $1 ORDER BY draw_ms DESC LIMIT 1`,
      [SSC],
    );
    const expected: string[] = [];
    for (let t = issueTimes(ssc, bets[0]!.issue)!; t.issue <= last[0]!.issue; t = issueAfter(ssc, t)) {
      expected.push(t.issue);
    }
    const drawn = await database.query<{ issue: string }>(
      'SELECT issue FROM draw_issue WHERE lottery_code = $1 AND issue >= $2 ORDER BY issue',
      [SSC, bets[0]!.issue],
    );
    expect(drawn.map((r) => r.issue)).toEqual(expected);

    let payouts = 0n;
    let stakes = 0n;
    for (const bet of bets) {
      const [row] = await database.query<{ state: number; bonus: string; numbers: string }>(
        `SELECT b.state, b.bonus_minor::text AS bonus, d.numbers FROM bet b
           JOIN draw_issue d ON d.lottery_code = b.lottery_code AND d.issue = b.issue WHERE b.id = $1`,
        [bet.orderId],
      );
      const amountMinor = parseMoney(bet.line.bettingAmount);
      const won = linePayout(ssc, { ...bet.line, amountMinor, prizeGroup: 1700 }, row!.numbers.split(','));
      expect(row!.state).toBe(won > 0n ? 1 : 2);
      expect(BigInt(row!.bonus)).toBe(won);
      payouts += won;
      stakes += amountMinor;
    }
    expect(await balanceOf(database.db, player.tenantId, AccountCodes.player(player.userId))).toBe(
      before - stakes + payouts,
    );
    expect((await auditLedger(database.db)).ok).toBe(true);
  });
});

/** `read` again while the database says it could not serve it (a connection cut under it). */
async function untilServed<T>(read: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= attempts || !isDatabaseUnavailable(error)) throw error;
    }
  }
}
