import type { AddBettingData } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import { parseMoney } from '@lottery/contract/money';
import { verifyDraw } from '@lottery/rules/fair';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { defaultPlay } from '@lottery/rules/plays';
import { currentIssue, issueAfter, issueTimes, lastDrawnIssue } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql';
import { linePayout, settleIssue } from '../modules/betting/index';
import { addBetting, line, newPlayer, seeded } from '../modules/betting/testing';
import { enterOfficialResult } from '../modules/draw/index';
import { AccountCodes, auditLedger, balanceOf } from '../modules/wallet/index';
import { json, testApp } from '../test/app';
import { DrawScheduler, LEADER_LOCK_KEY } from './scheduler';

const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const SSC = '1002';
const ssc = lotteryByCode(SSC)!;

describe('draw scheduler', async () => {
  const { app, clock, database } = await testApp({
    limits: { registerPerIp: 1000 },
    scheduler: { lotteries: [SSC, '1902', '1302'] },
  });
  const db = database.db;

  it('settles an issue in one transaction: a failure part-way leaves nothing, the next tick settles it', async () => {
    clock.set(issueAfter(ssc, currentIssue(ssc, clock.now())).startMs + 5000);
    await app.scheduler.tick();
    const player = await newPlayer(app, 100);
    const placed = json<AddBettingData>(
      await addBetting(app, player.cookie, [
        line(SSC, 'A11', clock.now(), { bettingNumber: '0,1,2,3,4,5,6,7,8,9||||' }),
      ]),
    );
    expect(placed.code).toBe(1);
    const issue = placed.data!.issue;
    const afterBet = await balanceOf(db, player.tenantId, AccountCodes.player(player.userId));
    const entries = async () =>
      (await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ledger_entry`))[0]!.n;
    const before = await entries();

    // Make the last statement of settlement (the issue's settled flag) fail, as a crash would.
    await db.execute(sql`CREATE FUNCTION test_refuse_settle() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END; $$`);
    await db.execute(sql`CREATE TRIGGER test_refuse_settle BEFORE UPDATE OF settled_at ON draw_issue
      FOR EACH ROW EXECUTE FUNCTION test_refuse_settle()`);
    clock.set(issueTimes(ssc, issue)!.drawMs + 1000);
    const failed = await app.scheduler.tick();
    expect(failed.errors).toBeGreaterThanOrEqual(1);
    const state = await queryRows<{ state: number }>(
      db,
      sql`SELECT state FROM bet WHERE id = ${placed.data!.orderId}`,
    );
    expect(state[0]!.state).toBe(0);
    expect(await entries()).toBe(before);
    expect(await balanceOf(db, player.tenantId, AccountCodes.player(player.userId))).toBe(afterBet);

    await db.execute(sql`DROP TRIGGER test_refuse_settle ON draw_issue`);
    await db.execute(sql`DROP FUNCTION test_refuse_settle()`);
    const ok = await app.scheduler.tick();
    expect(ok.settled).toBeGreaterThanOrEqual(1);
    const settled = await queryRows<{ state: number; bonus: string }>(
      db,
      sql`SELECT state, bonus_minor::text AS bonus FROM bet WHERE id = ${placed.data!.orderId}`,
    );
    // ten digits on 万位: exactly one note wins, whatever the draw
    expect(settled[0]!.state).toBe(1);
    expect(BigInt(settled[0]!.bonus)).toBeGreaterThan(0n);
    expect((await settleIssue(db, SSC, issue, clock.now())).outcome).toBe('already');
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('refuses bets on a stopped lottery with 暂停销售', async () => {
    const player = await newPlayer(app, 10);
    await db.execute(sql`UPDATE lotteries SET is_stop = true WHERE code = ${SSC}`);
    const reply = json(
      await addBetting(app, player.cookie, [line(SSC, 'A11', clock.now(), { bettingNumber: '1||||' })]),
    );
    await db.execute(sql`UPDATE lotteries SET is_stop = false WHERE code = ${SSC}`);
    expect(reply).toEqual({ code: Codes.INVALID_PARAM.code, msg: '暂停销售' });
  });

  it('draws the house stock index and six-mark natal signs; trend calls read them', async () => {
    clock.advance(10 * 60_000);
    await app.scheduler.tick();
    const get = async <T>(url: string) => json<T>(await app.inject({ method: 'GET', url }));
    const stock = lotteryByCode('1902')!;
    const today = (
      await get<{ issue: string; indexValue: string; openNumber: string }[]>(
        '/v1/stock/todayTrendData?lotteryCode=1902',
      )
    ).data!;
    expect(today.length).toBeGreaterThanOrEqual(5);
    for (const point of today) {
      expect(point.indexValue).toMatch(/^\d+\.\d{2}$/);
      // the five digits are the last five of the index value
      expect(point.openNumber.split(',').join('')).toBe(point.indexValue.replace('.', '').slice(-5));
      expect(issueTimes(stock, point.issue)).toBeDefined();
    }
    const last = (
      await get<{ issue: string; change: string }>('/v1/lottery/stockLastTrendData?lotteryCode=1902')
    ).data!;
    expect(last.issue).toBe(today.at(-1)!.issue);
    expect(last.change).toMatch(/^-?\d+\.\d{2}$/);
    const chart = (
      await get<{ close: string; draws: number }[]>('/v1/stock/trendChart?lotteryCode=1902&days=1')
    ).data!;
    expect(chart.at(-1)).toMatchObject({ close: today.at(-1)!.indexValue, draws: today.length });
    expect((await get('/v1/stock/todayTrendData?lotteryCode=1302')).msg).toBe('该彩种不是股指');
    const [lhc] = (
      await get<{ openNumber: string; natal: string }[]>('/v1/lottery/openResult?lotteryCode=1302&dataNum=1')
    ).data!;
    expect(lhc!.openNumber.split(',')).toHaveLength(7);
    expect(lhc!.natal.split(',')).toHaveLength(7);
    expect(lhc!.natal.split(',').every((z) => '鼠牛虎兔龙蛇马羊猴鸡狗猪'.includes(z))).toBe(true);
  });

  it.runIf(onPostgres)('runs a tick only in the process holding the leader lock (PostgreSQL)', async () => {
    const other = new DrawScheduler(database, clock, app.log, { lotteries: [SSC] });
    await database.withSession(async (session) => {
      await session.exec('BEGIN');
      await session.query('SELECT pg_advisory_xact_lock($1)', [LEADER_LOCK_KEY]);
      clock.advance(5 * 60_000);
      const [a, b] = await Promise.all([app.scheduler.tick(), other.tick()]);
      expect([a.leader, b.leader]).toEqual([false, false]);
      expect(a.drawn + b.drawn).toBe(0);
      await session.exec('COMMIT');
    });
    const next = await other.tick();
    expect(next).toMatchObject({ leader: true, drawn: 5 });
  });

  it('settles official-result lotteries once the operator enters the result; demo sites may chain-draw them', async () => {
    const fc3d = lotteryByCode('1501')!;
    const mode = defaultPlay('FC3D', fc3d.resultLength).code;
    const player = await newPlayer(app, 100);
    const bet = line('1501', mode, clock.now(), { random: seeded(5) });
    const placed = json<AddBettingData>(await addBetting(app, player.cookie, [bet]));
    expect(placed.code).toBe(1);
    const times = issueTimes(fc3d, placed.data!.issue)!;
    clock.set(times.drawMs + 60_000);
    // a scheduler for this lottery only, so the test does not draw the day's other issues
    const feedless = new DrawScheduler(database, clock, app.log, { lotteries: ['1501'] });
    expect((await feedless.tick()).drawn).toBe(0);
    const pending = await queryRows<{ state: number }>(
      db,
      sql`SELECT state FROM bet WHERE id = ${placed.data!.orderId}`,
    );
    expect(pending[0]!.state).toBe(0); // no feed, no house draw: waits for the operator
    const before = await balanceOf(db, player.tenantId, AccountCodes.player(player.userId));
    expect(await enterOfficialResult(db, fc3d, times, { numbers: ['3', '5', '9'] }, clock.now())).toBe(true);
    await expect(
      enterOfficialResult(db, fc3d, times, { numbers: ['3', '5'] }, clock.now()),
    ).rejects.toThrow();
    expect((await feedless.tick()).settled).toBe(1);
    const won = linePayout(fc3d, { ...bet, amountMinor: parseMoney(bet.bettingAmount), prizeGroup: 1700 }, [
      '3',
      '5',
      '9',
    ]);
    const settled = await queryRows<{ state: number; bonus: string }>(
      db,
      sql`SELECT state, bonus_minor::text AS bonus FROM bet WHERE id = ${placed.data!.orderId}`,
    );
    expect(settled[0]).toEqual({ state: won > 0n ? 1 : 2, bonus: String(won) });
    expect(await balanceOf(db, player.tenantId, AccountCodes.player(player.userId))).toBe(before + won);
    const official = json(
      await app.inject({ method: 'GET', url: `/v1/fairness/issue?lotteryCode=1501&issue=${times.issue}` }),
    );
    expect(official.msg).toBe('该期为官方开奖，不使用哈希链');

    const demo = new DrawScheduler(database, clock, app.log, {
      lotteries: ['1601'],
      drawOfficialFromChain: true,
    });
    expect((await demo.tick()).drawn).toBe(1);
    const pl3 = lotteryByCode('1601')!;
    const last = lastDrawnIssue(pl3, clock.now());
    const fair = json<{ secret: string; previousSecret: string; numbers: string[] }>(
      await app.inject({ method: 'GET', url: `/v1/fairness/issue?lotteryCode=1601&issue=${last.issue}` }),
    ).data!;
    expect(
      verifyDraw({
        lotteryCode: '1601',
        issue: last.issue,
        secretHex: fair.secret,
        previousSecretHex: fair.previousSecret,
        claimedNumbers: fair.numbers,
      }).ok,
    ).toBe(true);
  });
});
