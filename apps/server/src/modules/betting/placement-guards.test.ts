import type { AddBettingData } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql';
import { json, testApp } from '../../test/app';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { addBetting, line, newPlayer, seeded } from './fixture';

/**
 * Issue 9 items 6 and 7 and the cancel-in-progress answer: what a player may send as bettingPoint,
 * what a reused idempotency key means, and what a second cancel of one order answers.
 */

const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const K3 = '1401';
const k3 = lotteryByCode(K3)!;

describe('bet placement guards', async () => {
  const { app, clock, database } = await testApp({ limits: { registerPerIp: 1000 } });
  const db = database.db;
  const balance = (p: { tenantId: number; userId: number }) =>
    balanceOf(db, p.tenantId, AccountCodes.player(p.userId));
  const betCount = async (userId: number) =>
    (
      await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM bet WHERE user_id = ${userId}`)
    )[0]!.n;
  /** 10 s into a fresh issue: open for 45 s more. */
  const toFreshIssue = () => clock.set(issueAfter(k3, currentIssue(k3, clock.now())).startMs + 10_000);
  /** A funded player whose rebate is 7.5, so points 0..7.5 are his to take. */
  const playerWithRebate = async () => {
    const player = await newPlayer(app, 100);
    await db.execute(sql`UPDATE users SET rebate = 7.5 WHERE id = ${player.userId}`);
    return player;
  };
  const cancel = (cookie: string, orderId: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/betting/cancelBetting',
      payload: `orderId=${orderId}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('refuses a bettingPoint below 0, malformed or above the rebate with 返点不正确 (-9)', async () => {
    toFreshIssue();
    const player = await playerWithRebate();
    const good = line(K3, 'A10', clock.now(), { bettingNumber: '10' });
    const wrong = [
      '-1',
      '-5',
      '-0.5',
      '- 1',
      '-7.5',
      '1.55',
      '7.6',
      '8',
      '99',
      'abc',
      '',
      '1e1',
      '+1',
      '0x1',
    ];
    for (const point of [...wrong, -1, -5, 7.6]) {
      const reply = json(await addBetting(app, player.cookie, [{ ...good, bettingPoint: point }]));
      expect({ point, code: reply.code }).toEqual({ point, code: Codes.REBATE_CHANGED.code });
      expect(reply.msg).toMatch(/返点不正确/);
    }
    expect(await balance(player)).toBe(100n * 10_000n);
    expect(await betCount(player.userId)).toBe('0');
    // the whole range 0..rebate, and the footer's "<odds>-<point>" form with odds 0, still bet
    for (const point of ['0', '2.5', '7.5', 7, '0-1.5']) {
      const reply = json(await addBetting(app, player.cookie, [{ ...good, bettingPoint: point }]));
      expect({ point, code: reply.code, msg: reply.msg }).toMatchObject({ point, code: 1 });
    }
  });

  it('sees a rebate, account or catalogue change made after the player last bet', async () => {
    toFreshIssue();
    const player = await playerWithRebate();
    const bet = (point: string, n: string) =>
      addBetting(app, player.cookie, [line(K3, 'A10', clock.now(), { bettingNumber: n, point })]);
    expect(json(await bet('7.5', '3')).code).toBe(1); // the process now holds his standing
    await db.execute(sql`UPDATE users SET rebate = 2.0 WHERE id = ${player.userId}`);
    expect(json(await bet('7.5', '4')).code).toBe(Codes.REBATE_CHANGED.code);
    expect(json(await bet('2', '5')).code).toBe(1);
    // and a rise: the kept standing (2.0) is older than the new rebate, the bet at 5 is his to take
    await db.execute(sql`UPDATE users SET rebate = 5.0 WHERE id = ${player.userId}`);
    expect(json(await bet('5', '8')).code).toBe(1);
    const stored = await queryRows<{ user_rebate_tenths: number; point_tenths: number }>(
      db,
      sql`SELECT user_rebate_tenths, point_tenths FROM bet WHERE user_id = ${player.userId} ORDER BY id`,
    );
    expect(stored).toEqual([
      { user_rebate_tenths: 75, point_tenths: 75 },
      { user_rebate_tenths: 20, point_tenths: 20 },
      { user_rebate_tenths: 50, point_tenths: 50 },
    ]);
    await db.execute(sql`UPDATE lotteries SET is_stop = true WHERE code = ${K3}`);
    try {
      expect(json(await bet('0', '6')).msg).toBe('暂停销售');
    } finally {
      await db.execute(sql`UPDATE lotteries SET is_stop = false WHERE code = ${K3}`);
    }
    await db.execute(sql`UPDATE users SET status = 'frozen' WHERE id = ${player.userId}`);
    expect(json(await bet('0', '7')).code).toBe(Codes.ACCOUNT_ABNORMAL.code);
    expect(await betCount(player.userId)).toBe('3');
  });

  it('replays a reused key with the same basket; refuses it with another basket, placing nothing', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 100);
    const basket = [line(K3, 'A10', clock.now(), { random: seeded(1) })];
    const first = json<AddBettingData>(await addBetting(app, player.cookie, basket, 'reuse-key-0001'));
    expect(first.code).toBe(1);
    const afterFirst = await balance(player);
    // same content, even re-serialised with other spacing and key order: the first bet again
    const reordered = basket.map((l) => Object.fromEntries(Object.entries(l).reverse()));
    const replay = json<AddBettingData>(await addBetting(app, player.cookie, reordered, 'reuse-key-0001'));
    expect(replay).toMatchObject({ code: 1, data: { orderId: first.data!.orderId, replayed: true } });

    const others: [string, unknown[]][] = [
      ['other numbers', [line(K3, 'A10', clock.now(), { bettingNumber: '4' })]],
      ['other multiplier', [line(K3, 'A10', clock.now(), { random: seeded(1), multiplier: 2 })]],
      ['an extra line', [...basket, line(K3, 'H10', clock.now(), { bettingNumber: '1,2' })]],
      ['an invalid basket', [{ ...basket[0], bettingCount: 9 }]],
      ['not a basket', []],
    ];
    for (const [name, lines] of others) {
      const reply = json(await addBetting(app, player.cookie, lines, 'reuse-key-0001'));
      expect({ name, code: reply.code, msg: reply.msg }).toEqual({
        name,
        code: Codes.INVALID_PARAM.code,
        msg: 'idempotencyKey已用于另一笔投注，本次未投注',
      });
    }
    expect(await balance(player)).toBe(afterFirst);
    expect(await betCount(player.userId)).toBe('1');
    // a retry of the first basket after its issue closed still answers with the first bet
    clock.set(issueTimes(k3, first.data!.issue)!.closeMs + 1);
    const late = json<AddBettingData>(await addBetting(app, player.cookie, basket, 'reuse-key-0001'));
    expect(late).toMatchObject({ code: 1, data: { orderId: first.data!.orderId, replayed: true } });
    // the key belongs to its player: another player's same key is his own new bet
    toFreshIssue();
    const other = await newPlayer(app, 100);
    const own = json<AddBettingData>(
      await addBetting(app, other.cookie, [line(K3, 'A10', clock.now())], 'reuse-key-0001'),
    );
    expect(own).toMatchObject({ code: 1, data: { replayed: false } });
  });

  // Parallel connections race only on PostgreSQL (PGlite is one connection): DESIGN.md §8.
  it.runIf(onPostgres)('answers -41 正在撤单... while a cancel of the same order holds it', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 50);
    const placed = json<AddBettingData>(await addBetting(app, player.cookie, [line(K3, 'A10', clock.now())]))
      .data!;
    // another connection is in the middle of cancelling: it holds the bet row
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM bet WHERE id = ${placed.orderId} FOR NO KEY UPDATE`);
      locked();
      await held;
    });
    await isLocked;
    const busy = json(await cancel(player.cookie, placed.orderId));
    // a bet held after its issue closed (settlement holds it then) is refused for the close, not busy
    const openNow = clock.now();
    clock.set(issueTimes(k3, placed.issue)!.closeMs + 1);
    const closed = json(await cancel(player.cookie, placed.orderId));
    clock.set(openNow);
    release();
    await holder;
    expect(busy).toEqual({ code: Codes.CANCEL_IN_PROGRESS.code, msg: Codes.CANCEL_IN_PROGRESS.msg });
    expect(closed).toEqual({ code: Codes.INVALID_PARAM.code, msg: '该期已封盘，不能撤单' });
    const done = json(await cancel(player.cookie, placed.orderId));
    expect(done.code).toBe(1);
    expect(await balance(player)).toBe(50n * 10_000n);
    // once cancelled it is final, not in progress
    expect(json(await cancel(player.cookie, placed.orderId)).msg).toBe('该注单不能撤单');
  });

  it.runIf(onPostgres)('parallel cancels of one order: one refund, the rest -41 or refused', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 50);
    const placed = json<AddBettingData>(await addBetting(app, player.cookie, [line(K3, 'A10', clock.now())]))
      .data!;
    const stake = parseMoney(placed.betMoney);
    const replies = (
      await Promise.all(Array.from({ length: 12 }, () => cancel(player.cookie, placed.orderId)))
    ).map((r) => json(r));
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 1)) {
      expect([Codes.CANCEL_IN_PROGRESS.msg, '该注单不能撤单']).toContain(r.msg);
    }
    expect(await balance(player)).toBe(50n * 10_000n);
    const refunds = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM ledger_txn WHERE idempotency_key = ${`bet:cancel:${placed.orderId}`}`,
    );
    expect(refunds[0]!.n).toBe('1');
    expect(formatMoney(stake)).toBe(placed.betMoney);
    expect((await auditLedger(db)).ok).toBe(true);
  });
});
