import { randomBytes } from 'node:crypto';
import type { AddBettingData } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import { yuan } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../app';
import { ManualClock } from '../clock';
import { addBetting, line, newPlayer } from '../modules/betting/testing';
import { ensureWalletDefaults, requestWithdraw } from '../modules/payment/index';
import { addBankCard } from '../modules/security/index';
import { AccountCodes, auditLedger, balanceOf } from '../modules/wallet/index';
import { json, testConfig } from '../test/app';
import { createDb, type Database, isDatabaseUnavailable } from './client';
import {
  OutageProxy,
  terminateBackends,
  waitForStatement as waitForStatementOf,
  withAdmin,
} from './outage-support';
import { prepareDatabase } from './prepare';

/**
 * The server on a real PostgreSQL losing its connections (issue 19 items 1, 2). Invariant: the
 * process lives; every call answers within about 2 s with 系统繁忙 (code -5) or with a success that
 * is really stored; the ledger audit holds; when the database is back, the next call succeeds.
 *
 * Only this file's backends are terminated: its pool has its own application_name, and the
 * database is reached through a local relay (OutageProxy) so an outage is simulated without
 * touching the PostgreSQL that other tests share.
 */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(url);
const APP_NAME = `outage-test-${randomBytes(4).toString('hex')}`;
const SSC = '1002';
const ssc = lotteryByCode(SSC)!;
const BUSY = { code: Codes.BUSY_RETRY.code, msg: Codes.BUSY_RETRY.msg };

const admin = <T>(work: (c: pg.Client) => Promise<T>) => withAdmin(url!, APP_NAME, work);
const terminateOurBackends = () => terminateBackends(url!, APP_NAME);
const waitForStatement = (pattern: string) => waitForStatementOf(url!, APP_NAME, pattern);

/**
 * A query right after our backends were terminated: an idle pooled connection may not have read
 * its termination notice yet (it is handed out and fails at once); the next try gets a live one.
 */
async function afterTermination<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !isDatabaseUnavailable(error)) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  const value = await work();
  return { value, ms: Date.now() - start };
}

describe.runIf(onPostgres)('PostgreSQL going away (issue 19)', () => {
  const schema = `outage_${randomBytes(6).toString('hex')}`;
  const target = new URL(url ?? 'postgres://localhost:5432/x');
  const proxy = new OutageProxy(target.hostname, Number(target.port || 5432));
  const clock = new ManualClock();
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    await admin((c) => c.query(`CREATE SCHEMA ${schema}`));
    await proxy.up();
    database = await createDb({
      url: proxy.url(url!),
      searchPath: schema,
      poolSize: 5,
      applicationName: APP_NAME,
    });
    await prepareDatabase(database, testConfig(), clock);
    app = await build({
      config: testConfig(),
      database,
      clock,
      logLevel: 'silent',
      limits: { registerPerIp: 1000 },
    });
    clock.set(issueAfter(ssc, currentIssue(ssc, clock.now())).startMs + 5000);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy.down();
    await admin((c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
  });

  const openResult = () =>
    app.inject({ method: 'GET', url: `/v1/lottery/openResult?lotteryCode=${SSC}&dataNum=1` });

  it('an idle connection terminated by the server (restart, failover, pooler): the process lives, the next call succeeds', async () => {
    // fill the pool with idle connections
    await Promise.all(Array.from({ length: 5 }, () => database.query('SELECT pg_sleep(0.05)')));
    expect(await terminateOurBackends()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(json(await openResult()).code).toBe(1);
    // and the scheduler's leader session, opened afresh
    expect((await app.scheduler.tick()).leader).toBe(true);
  });

  it('a bet whose backend is terminated mid-transaction: 系统繁忙, nothing stored, the retry is stored once', async () => {
    const player = await newPlayer(app, 100);
    const balance = () => balanceOf(database.db, player.tenantId, AccountCodes.player(player.userId));
    const before = await balance();
    const bet = [line(SSC, 'A11', clock.now(), { bettingNumber: '1||||' })];
    const key = `outage-${randomBytes(4).toString('hex')}`;
    await database.query(`CREATE FUNCTION slow_bet() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(2); RETURN NEW; END; $$`);
    await database.query(
      'CREATE TRIGGER slow_bet BEFORE INSERT ON bet FOR EACH ROW EXECUTE FUNCTION slow_bet()',
    );
    try {
      const reply = timed(() => addBetting(app, player.cookie, bet, key));
      await waitForStatement('%INSERT INTO bet%');
      await terminateOurBackends();
      const { value, ms } = await reply;
      expect(json(value)).toEqual(BUSY);
      expect(ms).toBeLessThan(2500);
    } finally {
      await afterTermination(() => database.query('DROP TRIGGER slow_bet ON bet'));
      await afterTermination(() => database.query('DROP FUNCTION slow_bet()'));
    }
    const stored = await afterTermination(() =>
      database.query<{ n: string }>('SELECT count(*)::text AS n FROM bet WHERE idempotency_key = $1', [key]),
    );
    expect(stored[0]!.n).toBe('0');
    expect(await balance()).toBe(before);

    const retry = json<AddBettingData>(await addBetting(app, player.cookie, bet, key));
    expect(retry.code).toBe(1);
    const again = json<AddBettingData>(await addBetting(app, player.cookie, bet, key));
    expect(again.data?.orderId).toBe(retry.data?.orderId);
    expect(await balance()).toBe(before - yuan(2));
    expect((await auditLedger(database.db)).ok).toBe(true);
  });

  it('a withdrawal whose backend is terminated mid-transaction: a busy error, no order, money where it was', async () => {
    const player = await newPlayer(app, 500);
    const { tenantId, userId } = player;
    await ensureWalletDefaults(database.db, tenantId, false);
    const card = await addBankCard(
      database.db,
      { userId, tenantId },
      { cardNo: `62220212345${String(userId).padStart(8, '0')}`, realName: '张三' },
      5,
      clock.now(),
    );
    const balance = () => balanceOf(database.db, tenantId, AccountCodes.player(userId));
    const escrow = () => balanceOf(database.db, tenantId, AccountCodes.withdrawEscrow(userId));
    const withdraw = () =>
      requestWithdraw(database.db, {
        tenantId,
        userId,
        payoutAccountId: card.id,
        amountMinor: yuan(100),
        nowMs: clock.now(),
      });
    await database.query(`CREATE FUNCTION slow_withdraw() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(2); RETURN NEW; END; $$`);
    await database.query(
      'CREATE TRIGGER slow_withdraw BEFORE INSERT ON withdraw_order FOR EACH ROW EXECUTE FUNCTION slow_withdraw()',
    );
    try {
      const attempt = withdraw().then(
        () => undefined,
        (error: unknown) => error,
      );
      await waitForStatement('%INSERT INTO withdraw_order%');
      await terminateOurBackends();
      const error = await attempt;
      expect(error).toBeDefined();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await afterTermination(() => database.query('DROP TRIGGER slow_withdraw ON withdraw_order'));
      await afterTermination(() => database.query('DROP FUNCTION slow_withdraw()'));
    }
    const orders = await afterTermination(() =>
      database.query<{ n: string }>('SELECT count(*)::text AS n FROM withdraw_order WHERE user_id = $1', [
        userId,
      ]),
    );
    expect(orders[0]!.n).toBe('0');
    expect(await balance()).toBe(yuan(500));
    expect(await escrow()).toBe(0n);

    await withdraw();
    expect(await balance()).toBe(yuan(400));
    expect(await escrow()).toBe(yuan(100));
    expect((await auditLedger(database.db)).ok).toBe(true);
  });

  it('database down: every call answers 系统繁忙 within 2 s; when it is back the next call succeeds', async () => {
    const player = await newPlayer(app, 100);
    await proxy.down();
    try {
      for (const call of [
        openResult,
        () => addBetting(app, player.cookie, [line(SSC, 'A11', clock.now(), { bettingNumber: '2||||' })]),
      ]) {
        const { value, ms } = await timed(call);
        expect(value.statusCode).toBe(200);
        expect(json(value)).toEqual(BUSY);
        expect(ms).toBeLessThan(2000);
      }
      const tick = await timed(() => app.scheduler.tick().catch((error: unknown) => error));
      expect(tick.ms).toBeLessThan(2500);
    } finally {
      await proxy.up();
    }
    const back = json(
      await addBetting(app, player.cookie, [line(SSC, 'A11', clock.now(), { bettingNumber: '3||||' })]),
    );
    expect(back.code).toBe(1);
    expect((await app.scheduler.tick()).leader).toBe(true);
  });

  it('database unreachable without an answer (a partition): calls give up after the connect timeout', async () => {
    proxy.hang();
    try {
      const { value, ms } = await timed(openResult);
      expect(json(value)).toEqual(BUSY);
      expect(ms).toBeLessThan(3000);
    } finally {
      await proxy.up();
    }
    expect(json(await openResult()).code).toBe(1);
  });
});
