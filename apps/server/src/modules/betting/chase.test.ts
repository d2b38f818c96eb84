import type { BetLine, BetListData } from '@lottery/contract/betting';
import type { AddChaseBettingData, ChaseDetailData, ChaseListData } from '@lottery/contract/chase';
import { Codes } from '@lottery/contract/codes';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql';
import { form, json, testApp } from '../../test/app';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { line, newPlayer } from './fixture';
import { settleIssue } from './settler';

const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const K3 = '1401';
const k3 = lotteryByCode(K3)!;
const YUAN = 10_000n;

/** A chase as the web sends it: the basket at multiplier 1 and one order per issue. */
function chaseOf(
  lines: BetLine[],
  nowMs: number,
  multipliers: number[],
  flags: { stop?: boolean; loop?: boolean } = {},
) {
  const basket = lines.reduce((s, l) => s + parseMoney(l.bettingAmount), 0n);
  let times = currentIssue(k3, nowMs);
  const eachOrder = multipliers.map((m, i) => {
    if (i > 0) times = issueAfter(k3, times);
    return { bettingIssue: times.issue, graduationCount: m, bettingAmount: formatMoney(basket * BigInt(m)) };
  });
  return {
    lotteryCode: lines[0]!.lotteryCode,
    startIssue: eachOrder[0]!.bettingIssue,
    chaseCount: multipliers.length,
    isStopAfterWinning: (flags.stop ?? true) ? 1 : 0,
    autoBuyIfStopAfterWinning: flags.loop ? 1 : 0,
    playDetailCode: lines[0]!.playDetailCode,
    bettingPoint: lines[0]!.bettingPoint,
    bettingUnit: lines[0]!.bettingUnit,
    bettingAllAmount: formatMoney(basket * BigInt(multipliers.reduce((a, b) => a + b, 0))),
    eachInfo: lines.map(({ bettingIssue: _issue, ...rest }) => rest),
    eachOrder,
  };
}

describe('chase (追号): placement, stop after win, cancel, records', async () => {
  const { app, clock, database } = await testApp({ limits: { registerPerIp: 1000 } });
  const db = database.db;
  const post = (url: string, cookie: string, body: Record<string, string | undefined>) => {
    const f = form(body);
    return app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, cookie } });
  };
  const get = async <T>(url: string, cookie: string) =>
    json<T>(await app.inject({ method: 'GET', url, headers: { cookie } }));
  const addChase = (cookie: string, chase: unknown, idempotencyKey?: string) =>
    post('/v1/betting/addChaseBetting', cookie, { chaseBettingData: JSON.stringify(chase), idempotencyKey });
  const balance = (p: { tenantId: number; userId: number }) =>
    balanceOf(db, p.tenantId, AccountCodes.player(p.userId));
  const audit = async () => {
    const result = await auditLedger(db);
    expect(
      result.ok,
      JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toBe(true);
  };
  /** Draws an issue with chosen dice (an operator's official result) and settles it. */
  const drawAndSettle = async (issue: string, numbers: string) => {
    const times = issueTimes(k3, issue)!;
    await db.execute(
      sql`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, source, drawn_at)
          VALUES (${K3}, ${issue}, ${times.businessDate}, ${times.seq}, ${times.drawMs}, ${numbers}, 'official', ${times.drawMs})`,
    );
    return settleIssue(db, K3, issue, times.drawMs + 1000);
  };
  /** An hour on, past every issue an earlier test chased, 10 s into a fresh issue. */
  const toFreshIssue = () => {
    const times = currentIssue(k3, clock.now() + 3_600_000);
    clock.set(issueAfter(k3, times).startMs + 10_000);
  };
  const sumLine = (sum: number) => line(K3, 'A10', clock.now(), { bettingNumber: String(sum) });

  it('debits every order at once (307 each), idempotent, orders show as bets when their issue opens', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 1000);
    const lines = [sumLine(10), sumLine(11)];
    // 翻倍 every 2 issues ×2 from power 1: 1, 1, 2, 2, 4
    const chase = chaseOf(lines, clock.now(), [1, 1, 2, 2, 4]);
    const first = json<AddChaseBettingData>(await addChase(player.cookie, chase, 'chase-key-0001'));
    expect(first).toMatchObject({ code: 1, msg: '投注成功' });
    expect(first.data).toMatchObject({
      chaseCount: 5,
      betMoney: '40.00',
      balance: '960.00',
      replayed: false,
    });
    const again = json<AddChaseBettingData>(await addChase(player.cookie, chase, 'chase-key-0001'));
    expect(again.data).toMatchObject({ chaseId: first.data!.chaseId, replayed: true });
    expect(await balance(player)).toBe(960n * YUAN);
    const debits = await queryRows<{ type_code: number; n: string; total: string }>(
      db,
      sql`SELECT t.type_code, count(*)::text AS n, sum(-e.amount_minor)::text AS total
          FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
          WHERE e.account_id = (SELECT id FROM wallet_account WHERE code = ${AccountCodes.player(player.userId)})
            AND t.type_code = 307 GROUP BY t.type_code`,
    );
    expect(debits).toEqual([{ type_code: 307, n: '5', total: String(40n * YUAN) }]);

    const visible = async () =>
      (await get<BetListData>('/v1/betting/getBetting?period=today', player.cookie)).data!.rows.map(
        (r) => r.issue,
      );
    expect(await visible()).toEqual([chase.startIssue]);
    clock.set(issueTimes(k3, chase.eachOrder[1]!.bettingIssue)!.startMs + 1000);
    expect(await visible()).toEqual([chase.eachOrder[1]!.bettingIssue, chase.startIssue]);

    const list = await get<ChaseListData>('/v1/betting/getChaseBetting?period=today', player.cookie);
    expect(list.data!.rows[0]).toMatchObject({
      state: 0,
      stateName: '未开始',
      chaseCount: 5,
      doneCount: 0,
      canCancel: true,
    });
    const detail = await get<ChaseDetailData>(
      `/v1/betting/getChaseDetail?id=${first.data!.chaseId}`,
      player.cookie,
    );
    expect(detail.data!.orders.map((o) => [o.graduationCount, o.betMoney])).toEqual([
      [1, '4.00'],
      [1, '4.00'],
      [2, '8.00'],
      [2, '8.00'],
      [4, '16.00'],
    ]);
    expect(detail.data!.lines.map((l) => l.betNum)).toEqual(['10', '11']);
    await audit();
  });

  it('refuses mixed plays, FC3D, tampered amounts and issues, both stop options, and a short balance', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 10);
    const good = chaseOf([sumLine(10)], clock.now(), [1, 1, 1]);
    const tries: [string, unknown, string][] = [
      [
        'mixed plays',
        chaseOf([sumLine(10), line(K3, 'H10', clock.now(), { bettingNumber: '1,2' })], clock.now(), [1, 1]),
        '追号不支持混投，请确保您的投注都为同一玩法且元角分模式一致。',
      ],
      [
        'order amount',
        { ...good, eachOrder: good.eachOrder.map((o) => ({ ...o, bettingAmount: '1.00' })) },
        '投注金额有误',
      ],
      ['total', { ...good, bettingAllAmount: '1.00' }, '投注金额有误'],
      [
        'skipped issue',
        { ...good, eachOrder: [good.eachOrder[0], good.eachOrder[2], good.eachOrder[1]] },
        '投注期号错误',
      ],
      ['count', { ...good, chaseCount: 2 }, '追号期数有误'],
      ['over 50', { ...good, chaseCount: 51 }, '最多50期'],
      ['both options', { ...good, autoBuyIfStopAfterWinning: 1 }, '中奖即停与中奖循环只能选择一个'],
      [
        'multiplier',
        { ...good, eachOrder: good.eachOrder.map((o) => ({ ...o, graduationCount: 10_001 })) },
        '最多10000倍',
      ],
    ];
    for (const [name, body, msg] of tries) {
      const reply = json(await addChase(player.cookie, body));
      expect({ name, code: reply.code, msg: reply.msg }).toEqual({
        name,
        code: Codes.INVALID_PARAM.code,
        msg,
      });
    }
    expect(json(await addChase(player.cookie, { ...good, lotteryCode: '1601' })).msg).toBe(
      '当前彩种不支持追号',
    );
    const poor = chaseOf([sumLine(10)], clock.now(), [1, 1, 1, 1, 1, 1]);
    expect(json(await addChase(player.cookie, poor))).toEqual({
      code: Codes.INSUFFICIENT_BALANCE.code,
      msg: '余额不足',
    });
    const rows = await queryRows<{ n: string }>(
      db,
      sql`SELECT ((SELECT count(*) FROM chase WHERE user_id = ${player.userId}) + (SELECT count(*) FROM bet WHERE user_id = ${player.userId}))::text AS n`,
    );
    expect(rows[0]!.n).toBe('0');
    expect(await balance(player)).toBe(10n * YUAN);
  });

  it('answers 最多可追号N期 with the count in data when fewer issues fit', async () => {
    const lhc = lotteryByCode('1301')!;
    expect(lhc.chaseAllowed).toBe(true);
    const player = await newPlayer(app, 100);
    const l = line('1301', 'A01', clock.now());
    const times = currentIssue(lhc, clock.now());
    const eachOrder: { bettingIssue: string; graduationCount: number; bettingAmount: string }[] = [];
    let t = times;
    for (let i = 0; i < 50; i++, t = issueAfter(lhc, t)) {
      eachOrder.push({ bettingIssue: t.issue, graduationCount: 1, bettingAmount: l.bettingAmount });
    }
    const body = {
      lotteryCode: '1301',
      startIssue: times.issue,
      chaseCount: 50,
      bettingAllAmount: formatMoney(parseMoney(l.bettingAmount) * 50n),
      eachInfo: [l],
      eachOrder,
    };
    const reply = json<{ maxChaseCount: number }>(await addChase(player.cookie, body));
    expect(reply.code).toBe(Codes.INVALID_PARAM.code);
    expect(reply.msg).toMatch(/^最多可追号\d+期$/);
    expect(reply.msg).toBe(`最多可追号${reply.data!.maxChaseCount}期`);
    expect(reply.data!.maxChaseCount).toBeLessThan(50);
  });

  it('中奖即停: a win stops the chase and refunds the undrawn orders with 203, once', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 100);
    const chase = chaseOf([sumLine(10)], clock.now(), [1, 1, 1, 1, 1]);
    const placed = json<AddChaseBettingData>(await addChase(player.cookie, chase));
    expect(placed.code).toBe(1);
    const afterPlace = await balance(player);
    expect(afterPlace).toBe(90n * YUAN);

    const [o1, o2] = chase.eachOrder;
    await drawAndSettle(o1!.bettingIssue, '1,2,3'); // sum 6: lost, the chase goes on
    let detail = (
      await get<ChaseDetailData>(`/v1/betting/getChaseDetail?id=${placed.data!.chaseId}`, player.cookie)
    ).data!;
    expect(detail).toMatchObject({ state: 1, stateName: '进行中', doneCount: 1, stopReason: null });

    const report = await drawAndSettle(o2!.bettingIssue, '3,3,4'); // sum 10: won
    expect(report.winningBets).toBe(1);
    detail = (
      await get<ChaseDetailData>(`/v1/betting/getChaseDetail?id=${placed.data!.chaseId}`, player.cookie)
    ).data!;
    expect(detail).toMatchObject({
      state: 2,
      stateName: '已完成',
      stopReason: 'win',
      doneCount: 2,
      canCancel: false,
    });
    expect(detail.orders.map((o) => o.stateName)).toEqual(['未中奖', '已中奖', '已撤单', '已撤单', '已撤单']);
    expect(detail.refundMoney).toBe('6.00');
    const win = parseMoney(detail.orders[1]!.bonus);
    expect(win).toBeGreaterThan(0n);
    expect(await balance(player)).toBe(afterPlace + win + 6n * YUAN);

    // settling the winning issue again changes nothing (flag cleared by hand: keys and states hold)
    await db.execute(
      sql`UPDATE draw_issue SET settled_at = NULL WHERE lottery_code = ${K3} AND issue = ${o2!.bettingIssue}`,
    );
    await settleIssue(db, K3, o2!.bettingIssue, clock.now());
    expect(await balance(player)).toBe(afterPlace + win + 6n * YUAN);
    expect(
      json(await post('/v1/betting/cancelAutoChaseBetting', player.cookie, { chaseId: placed.data!.chaseId }))
        .msg,
    ).toBe('该追号已结束，不能撤销');
    await audit();
  });

  it('中奖循环: a win does not stop the chase', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 100);
    const chase = chaseOf([sumLine(10)], clock.now(), [1, 1, 1], { stop: false, loop: true });
    const placed = json<AddChaseBettingData>(await addChase(player.cookie, chase));
    await drawAndSettle(chase.eachOrder[0]!.bettingIssue, '3,3,4');
    const detail = (
      await get<ChaseDetailData>(`/v1/betting/getChaseDetail?id=${placed.data!.chaseId}`, player.cookie)
    ).data!;
    expect(detail).toMatchObject({ state: 1, isAutoBuy: true, isStopAfterWinning: false, stopReason: null });
    expect(detail.orders.map((o) => o.stateName)).toEqual(['已中奖', '等待开奖', '等待开奖']);
  });

  it('撤销追号 refunds the orders still open, keeps the closed one, and cannot run twice', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 100);
    const chase = chaseOf([sumLine(10)], clock.now(), [1, 2, 3, 4]);
    const placed = json<AddChaseBettingData>(await addChase(player.cookie, chase));
    clock.set(issueTimes(k3, chase.startIssue)!.closeMs + 1); // the first issue closed, not drawn
    const cancel = json<{ cancelled: number; refund: string; balance: string }>(
      await post('/v1/betting/cancelAutoChaseBetting', player.cookie, { chaseId: placed.data!.chaseId }),
    );
    expect(cancel).toMatchObject({ code: 1, data: { cancelled: 3, refund: '18.00', balance: '98.00' } });
    const other = await newPlayer(app, 0);
    expect(
      json(await post('/v1/betting/cancelAutoChaseBetting', other.cookie, { chaseId: placed.data!.chaseId }))
        .msg,
    ).toBe('追号单不存在');
    expect(
      (await get<ChaseDetailData>(`/v1/betting/getChaseDetail?id=${placed.data!.chaseId}`, other.cookie)).msg,
    ).toBe('追号单不存在');
    const detail = (
      await get<ChaseDetailData>(`/v1/betting/getChaseDetail?id=${placed.data!.chaseId}`, player.cookie)
    ).data!;
    expect(detail).toMatchObject({ state: 3, stateName: '已撤单', stopReason: 'cancel', canCancel: false });
    expect(detail.orders.map((o) => o.stateName)).toEqual(['等待开奖', '已撤单', '已撤单', '已撤单']);
    // the closed order still settles with its draw
    await drawAndSettle(chase.startIssue, '3,3,4');
    expect(
      json(await post('/v1/betting/cancelAutoChaseBetting', player.cookie, { chaseId: placed.data!.chaseId }))
        .msg,
    ).toBe('该追号已结束，不能撤销');
    const summary = await get<{ chaseCount: number; refundMoney: string }>(
      '/v1/betting/getChaseBetData?period=today',
      player.cookie,
    );
    expect(summary.data).toMatchObject({ chaseCount: 1, refundMoney: '18.00' });
    await audit();
  });

  // Parallel connections race only on PostgreSQL (PGlite is one connection): DESIGN.md §8.
  it.runIf(onPostgres)(
    'racing cancels and a winning settlement refund every order exactly once (PostgreSQL)',
    async () => {
      for (let round = 0; round < 3; round++) {
        toFreshIssue();
        const player = await newPlayer(app, 100);
        const chase = chaseOf([sumLine(10)], clock.now(), [1, 1, 1, 1, 1]);
        const placed = json<AddChaseBettingData>(await addChase(player.cookie, chase));
        expect(placed.code).toBe(1);
        const times = issueTimes(k3, chase.startIssue)!;
        await db.execute(
          sql`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, source, drawn_at)
            VALUES (${K3}, ${chase.startIssue}, ${times.businessDate}, ${times.seq}, ${times.drawMs}, '3,3,4', 'official', ${times.drawMs})`,
        );
        clock.set(times.drawMs + 1000);
        const cancels = Array.from({ length: 4 }, () =>
          post('/v1/betting/cancelAutoChaseBetting', player.cookie, { chaseId: placed.data!.chaseId }),
        );
        const [settled, ...replies] = await Promise.all([
          settleIssue(db, K3, chase.startIssue, clock.now()),
          ...cancels,
        ]);
        expect(settled.winningBets).toBe(1);
        const ok = replies.map((r) => json(r)).filter((r) => r.code === 1);
        expect(ok.length).toBeLessThanOrEqual(1);
        const refunds = await queryRows<{ n: string; total: string }>(
          db,
          sql`SELECT count(*)::text AS n, coalesce(sum(e.amount_minor), 0)::text AS total
            FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
            WHERE e.account_id = (SELECT id FROM wallet_account WHERE code = ${AccountCodes.player(player.userId)})
              AND t.type_code = 203`,
        );
        // one refund transfer (a stop's per player and issue, or the cancel's per chase) of the 4 orders
        expect(refunds[0]).toEqual({ n: '1', total: String(8n * YUAN) });
      }
      await audit();
    },
  );
});
