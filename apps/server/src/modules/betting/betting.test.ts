import type { AddBettingData, BetDetailData, BetListData } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import type { FairnessChain, FairnessIssue, IssueDetail } from '@lottery/contract/draw';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { verifyDraw } from '@lottery/rules/fair';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql';
import { json, testApp } from '../../test/app';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { addBetting, fund, line, newPlayer, seeded } from './fixture';
import { linePayout, settleIssue, settlementDraw } from './settler';

const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const K3 = '1401';
const k3 = lotteryByCode(K3)!;

describe('betting end to end (build + inject)', async () => {
  const { app, clock, database } = await testApp({
    limits: { registerPerIp: 1000 },
    scheduler: { lotteries: [K3, '1002', '1801'], maxDrawsPerLottery: 50, maxSettlesPerTick: 500 },
  });
  const db = database.db;
  const get = async <T>(url: string, cookie?: string) =>
    json<T>(await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }));
  const balance = async (p: { tenantId: number; userId: number }) =>
    balanceOf(db, p.tenantId, AccountCodes.player(p.userId));

  /** Moves the clock to 10 s after the sale of the issue on sale opened, so it is open for 45 s. */
  const toFreshIssue = () => {
    const times = currentIssue(k3, clock.now());
    clock.set(issueAfter(k3, times).startMs + 10_000);
  };

  it('places a bet: debits the recomputed amount once, idempotent on retry', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 100);
    const lines = [
      line(K3, 'A10', clock.now(), { random: seeded(1) }),
      line(K3, 'H10', clock.now(), { multiplier: 3 }),
    ];
    const expected = lines.reduce((s, l) => s + parseMoney(l.bettingAmount), 0n);
    const first = json<AddBettingData>(await addBetting(app, player.cookie, lines, 'retry-key-0001'));
    expect(first.code).toBe(1);
    expect(first.msg).toBe('投注成功');
    expect(first.data).toMatchObject({ betMoney: formatMoney(expected), lines: 2, replayed: false });
    const again = json<AddBettingData>(await addBetting(app, player.cookie, lines, 'retry-key-0001'));
    expect(again.data).toMatchObject({ orderId: first.data!.orderId, replayed: true });
    expect(await balance(player)).toBe(100n * 10_000n - expected);
    // without a client key, a double tap within seconds is one bet too
    const tap1 = json<AddBettingData>(await addBetting(app, player.cookie, [lines[0]]));
    const tap2 = json<AddBettingData>(await addBetting(app, player.cookie, [lines[0]]));
    expect(tap2.data!.orderId).toBe(tap1.data!.orderId);
    expect(await balance(player)).toBe(100n * 10_000n - expected - parseMoney(lines[0]!.bettingAmount));
  });

  it('refuses a closed issue, a wrong issue and a future issue with 投注期号错误', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 100);
    const open = line(K3, 'A10', clock.now());
    const times = issueTimes(k3, open.bettingIssue)!;
    clock.set(times.closeMs); // sales closed, draw not yet made
    const closed = json(await addBetting(app, player.cookie, [open]));
    expect(closed.code).toBe(Codes.INVALID_PARAM.code);
    expect(closed.msg).toContain('投注期号错误');
    expect(closed.msg).toContain(`${open.bettingIssue}期已封盘，当前为${issueAfter(k3, times).issue}期`);
    const bogus = json(await addBetting(app, player.cookie, [{ ...open, bettingIssue: '20260115999' }]));
    expect(bogus.msg).toContain('投注期号错误');
    const later = issueAfter(k3, issueAfter(k3, times)).issue;
    const future = json(await addBetting(app, player.cookie, [{ ...open, bettingIssue: later }]));
    expect(future.msg).toContain('投注期号错误');
    expect(await balance(player)).toBe(100n * 10_000n);
  });

  it('refuses tampered count, amount, odds, rebate, unit, multiplier and basket size', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 100);
    const now = clock.now();
    const good = line(K3, 'H10', now, { bettingNumber: '1,2,3' }); // 二不同号 of three numbers: 3 notes
    expect(good.bettingCount).toBe(3);
    const tries: [string, unknown, number, string | RegExp][] = [
      ['count', { ...good, bettingCount: 1, bettingAmount: '2.00' }, -2, '投注注数有误'],
      ['amount', { ...good, bettingAmount: '2.00' }, -2, '投注金额有误'],
      ['fractional base', { ...good, bettingAmount: '3.30' }, -2, '投注金额有误'],
      ['odds', { ...good, bettingPoint: '9.999-0' }, Codes.REBATE_CHANGED.code, /返点不正确/],
      ['rebate above own', { ...good, bettingPoint: '0.1' }, Codes.REBATE_CHANGED.code, /返点不正确/],
      ['unit', { ...good, bettingUnit: '0.1', bettingAmount: '0.60' }, -2, '目前只支持元哦'],
      ['multiplier', { ...good, graduationCount: 10_001, bettingAmount: '60006.00' }, -2, '最多10000倍'],
      ['numbers', { ...good, bettingNumber: '1,1,9' }, -2, /./],
      ['play', { ...good, playDetailCode: `${K3}Z99` }, -2, '玩法不存在'],
    ];
    for (const [name, tampered, code, msg] of tries) {
      const reply = json(await addBetting(app, player.cookie, [tampered]));
      expect({ name, code: reply.code }).toEqual({ name, code });
      if (typeof msg === 'string') expect(reply.msg).toBe(msg);
      else expect(reply.msg).toMatch(msg);
    }
    const basket = Array.from({ length: 21 }, () => good);
    expect(json(await addBetting(app, player.cookie, basket)).msg).toBe('方案注数最多20笔');
    expect(await balance(player)).toBe(100n * 10_000n);
    // and the honest line goes through
    expect(json(await addBetting(app, player.cookie, [good])).code).toBe(1);
  });

  it('refuses a bet above the balance with 余额不足 and stores nothing', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 1);
    const reply = json(await addBetting(app, player.cookie, [line(K3, 'A10', clock.now())]));
    expect(reply).toEqual({ code: Codes.INSUFFICIENT_BALANCE.code, msg: '余额不足' });
    const rows = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM bet WHERE user_id = ${player.userId}`,
    );
    expect(rows[0]!.n).toBe('0');
  });

  // Parallel connections race only on PostgreSQL (PGlite is one connection): DESIGN.md §8.
  it.runIf(onPostgres)('concurrent bets never overdraw (PostgreSQL)', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 10);
    const bet = line(K3, 'A10', clock.now(), { bettingNumber: '10' }); // 2 yuan
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        addBetting(app, player.cookie, [bet], `race-${player.userId}-${i}`),
      ),
    );
    const codes = replies.map((r) => json(r).code);
    expect(codes.filter((c) => c === 1)).toHaveLength(5);
    expect(codes.filter((c) => c === Codes.INSUFFICIENT_BALANCE.code)).toHaveLength(11);
    expect(await balance(player)).toBe(0n);
    const rows = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM bet WHERE user_id = ${player.userId}`,
    );
    expect(rows[0]!.n).toBe('5');
    // the same key raced from many connections is still one bet
    await fund(db, player.tenantId, player.userId, 10);
    const same = await Promise.all(
      Array.from({ length: 8 }, () => addBetting(app, player.cookie, [bet], `same-key-${player.userId}`)),
    );
    expect(
      same.map((r) => json(r).code),
      same.map((r) => r.body).join(),
    ).toEqual(Array(8).fill(1));
    expect(new Set(same.map((r) => json<AddBettingData>(r).data!.orderId)).size).toBe(1);
    expect(await balance(player)).toBe(8n * 10_000n);
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('cancels only before close, refunding with code 202', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 50);
    const placed = json<AddBettingData>(await addBetting(app, player.cookie, [line(K3, 'A10', clock.now())]))
      .data!;
    const other = await newPlayer(app, 0);
    const cancel = (cookie: string, orderId: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/betting/cancelBetting',
        payload: `orderId=${orderId}`,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect(json(await cancel(other.cookie, placed.orderId)).msg).toBe('注单不存在');
    const done = json(await cancel(player.cookie, placed.orderId));
    expect(done.code).toBe(1);
    expect(await balance(player)).toBe(50n * 10_000n);
    const detail = (await get<BetDetailData>(`/v1/betting/getBetDetail?id=${placed.orderId}`, player.cookie))
      .data!;
    expect(detail).toMatchObject({ state: 3, stateName: '已撤单', canCancel: false });
    const refund = await queryRows<{ type_code: number }>(
      db,
      sql`SELECT type_code FROM ledger_txn WHERE idempotency_key = ${`bet:cancel:${placed.orderId}`}`,
    );
    expect(refund).toEqual([{ type_code: 202 }]);
    // a second bet, then the issue closes: no cancel any more
    const second = json<AddBettingData>(
      await addBetting(app, player.cookie, [line(K3, 'A10', clock.now(), { random: seeded(2) })]),
    ).data!;
    clock.set(issueTimes(k3, second.issue)!.closeMs + 1);
    expect(json(await cancel(player.cookie, second.orderId)).msg).toBe('该期已封盘，不能撤单');
  });

  it('draws on schedule, settles set-based with the rules amount, re-runs change nothing, audit holds', async () => {
    toFreshIssue();
    await app.scheduler.tick(); // cursor up to now
    const player = await newPlayer(app, 1000);
    // the seeded player01 has agent01 (8.0) above him at 7.5: agent rebates 204 flow up
    await db.execute(sql`UPDATE users SET rebate = 7.5, parent_id = (SELECT id FROM users WHERE user_name = 'agent01')
                         WHERE id = ${player.userId}`);
    const now = clock.now();
    const lines = [
      ...Array.from({ length: 6 }, (_, i) => line(K3, 'A10', now, { random: seeded(10 + i), point: '2.5' })),
      line(K3, 'H10', now, { bettingNumber: '1,2,3,4,5,6', point: '2.5' }),
      line(K3, 'D10', now, { random: seeded(3), point: '2.5' }),
    ];
    const placed = json<AddBettingData>(await addBetting(app, player.cookie, lines));
    expect(placed.code).toBe(1);
    const stake = parseMoney(placed.data!.betMoney);
    const issue = placed.data!.issue;
    const before = await balance(player);
    const agentBefore = await queryRows<{ b: string }>(
      db,
      sql`SELECT coalesce((SELECT balance_minor FROM wallet_account WHERE code = 'player:' || (SELECT id FROM users WHERE user_name = 'agent01')), 0)::text AS b`,
    );

    clock.set(issueTimes(k3, issue)!.drawMs + 1000);
    const report = await app.scheduler.tick();
    expect(report.leader).toBe(true);

    const fair = (await get<FairnessIssue>(`/v1/fairness/issue?lotteryCode=${K3}&issue=${issue}`)).data!;
    const draw = settlementDraw(k3, fair.numbers, fair.drawTime);
    // independent expectation from packages/rules: group at rebate 7.5 - point 2.5
    const group = 1700 + 2 * 50;
    const expectedBonus = lines.reduce(
      (s, l) =>
        s +
        linePayout(
          k3,
          { ...l, amountMinor: parseMoney(l.bettingAmount), prizeGroup: group, bettingCount: l.bettingCount },
          draw,
        ),
      0n,
    );
    const selfRebate = (stake * 25n) / 1000n;
    const detail = (
      await get<BetDetailData>(`/v1/betting/getBetDetail?id=${placed.data!.orderId}`, player.cookie)
    ).data!;
    expect(detail.openNum).toBe(fair.numbers.join(','));
    expect(detail.bonus).toBe(formatMoney(expectedBonus));
    expect(detail.stateName).toBe(expectedBonus > 0n ? '已中奖' : '未中奖');
    expect(detail.betInfoList.map((l) => l.state)).toEqual(
      detail.betInfoList.map((l) => (parseMoney(l.bonus) > 0n ? 1 : 2)),
    );
    expect(await balance(player)).toBe(before + expectedBonus + selfRebate);
    const agentAfter = await queryRows<{ b: string }>(
      db,
      sql`SELECT balance_minor::text AS b FROM wallet_account WHERE code = 'player:' || (SELECT id FROM users WHERE user_name = 'agent01')`,
    );
    expect(BigInt(agentAfter[0]!.b) - BigInt(agentBefore[0]!.b)).toBe((stake * 5n) / 1000n);

    // re-run: as settled, and with the flag cleared by hand (keys and bet states still hold)
    const ledgerCount = async () =>
      (await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ledger_entry`))[0]!.n;
    const entries = await ledgerCount();
    expect((await settleIssue(db, K3, issue, clock.now())).outcome).toBe('already');
    await db.execute(
      sql`UPDATE draw_issue SET settled_at = NULL WHERE lottery_code = ${K3} AND issue = ${issue}`,
    );
    const rerun = await settleIssue(db, K3, issue, clock.now());
    expect(rerun).toMatchObject({ outcome: 'settled', bets: 0, paidMinor: 0n });
    expect(await ledgerCount()).toBe(entries);
    expect(await balance(player)).toBe(before + expectedBonus + selfRebate);

    const audit = await auditLedger(db);
    expect(
      audit.ok,
      JSON.stringify(audit, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toBe(true);

    const list = (await get<BetListData>('/v1/betting/getBetting?period=today', player.cookie)).data!;
    expect(list.rows[0]).toMatchObject({ id: placed.data!.orderId, openNum: fair.numbers.join(',') });
  });

  it('settles many bets of one issue with exact per-line amounts (1801, two-face credit plays)', async () => {
    const bj = lotteryByCode('1801')!;
    clock.set(issueAfter(bj, currentIssue(bj, clock.now())).startMs + 5000);
    await app.scheduler.tick();
    const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(app, 500)));
    const placed: { p: (typeof players)[number]; order: AddBettingData; lines: ReturnType<typeof line>[] }[] =
      [];
    for (const [i, p] of players.entries()) {
      const lines = ['A01', 'B01', 'C01'].map((mode, j) =>
        line('1801', mode, clock.now(), { random: seeded(100 + i * 3 + j) }),
      );
      const reply = json<AddBettingData>(await addBetting(app, p.cookie, lines));
      expect(reply.code).toBe(1);
      placed.push({ p, order: reply.data!, lines });
    }
    const balances = await Promise.all(players.map(balance));
    clock.set(issueTimes(bj, placed[0]!.order.issue)!.drawMs + 500);
    await app.scheduler.tick();
    const fair = (
      await get<FairnessIssue>(`/v1/fairness/issue?lotteryCode=1801&issue=${placed[0]!.order.issue}`)
    ).data!;
    for (const [i, { p, lines }] of placed.entries()) {
      const won = lines.reduce(
        (s, l) =>
          s +
          linePayout(bj, { ...l, amountMinor: parseMoney(l.bettingAmount), prizeGroup: 1700 }, fair.numbers),
        0n,
      );
      expect(await balance(p)).toBe(balances[i]! + won);
    }
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('catches up every missed issue in order after a gap, bounded per tick, each secret verifying', async () => {
    await app.scheduler.tick();
    const from = currentIssue(k3, clock.now());
    clock.advance(70 * 60_000); // 70 minutes of downtime; the budget is 50 draws per tick
    const first = await app.scheduler.tick();
    expect(first.drawn).toBeGreaterThanOrEqual(50 * 1);
    const cursor = await queryRows<{ last_issue: string }>(
      db,
      sql`SELECT last_issue FROM draw_cursor WHERE lottery_code = ${K3}`,
    );
    expect(issueTimes(k3, cursor[0]!.last_issue)!.drawMs).toBeLessThan(clock.now() - 60_000);
    await app.scheduler.tick();
    const lastDrawn = issueTimes(k3, currentIssue(k3, clock.now()).issue)!;
    const rows = await queryRows<{
      issue: string;
      numbers: string;
      secret: string;
      draw_ms: string;
      settled_at: string | null;
    }>(
      db,
      sql`SELECT issue, numbers, secret, draw_ms::text, settled_at::text FROM draw_issue
          WHERE lottery_code = ${K3} AND draw_ms >= ${from.drawMs} ORDER BY draw_ms`,
    );
    // every issue from the gap's start to the last draw time, none missing
    let expected = from;
    for (const row of rows) {
      expect(row.issue).toBe(expected.issue);
      expect(row.settled_at).not.toBeNull();
      expected = issueAfter(k3, expected);
    }
    expect(issueTimes(k3, rows.at(-1)!.issue)!.drawMs).toBeGreaterThan(lastDrawn.startMs - 61_000);
    expect(rows.length).toBeGreaterThan(69);
    // each revealed secret links to the previous one (same day) and recomputes the numbers
    for (let i = 1; i < rows.length; i++) {
      const prev = rows[i - 1]!;
      const row = rows[i]!;
      if (issueTimes(k3, row.issue)!.seq === 1) continue;
      const outcome = verifyDraw({
        lotteryCode: K3,
        issue: row.issue,
        secretHex: row.secret,
        previousSecretHex: prev.secret,
        claimedNumbers: row.numbers.split(','),
      });
      expect(outcome.ok).toBe(true);
    }
  });

  it('publishes the next day chain head before its first issue; the fairness API verifies', async () => {
    await app.scheduler.tick();
    const now = clock.now();
    const today = currentIssue(k3, now).businessDate;
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    const chain = await get<FairnessChain>(`/v1/fairness/chain?lotteryCode=${K3}&date=${tomorrow}`);
    expect(chain.code).toBe(1);
    expect(chain.data).toMatchObject({
      businessDate: tomorrow,
      length: 1440,
      publishedBeforeFirstIssue: true,
    });
    expect(chain.data!.publishedAt).toBeLessThan(chain.data!.firstIssueStartMs);
    expect(chain.data!.head).toMatch(/^[0-9a-f]{64}$/);

    const [latest] = (
      await get<{ issue: string; openNumber: string }[]>(
        `/v1/lottery/openResult?lotteryCode=${K3}&dataNum=10`,
      )
    ).data!;
    const fair = (await get<FairnessIssue>(`/v1/fairness/issue?lotteryCode=${K3}&issue=${latest!.issue}`))
      .data!;
    const outcome = verifyDraw({
      lotteryCode: K3,
      issue: fair.issue,
      secretHex: fair.secret,
      previousSecretHex: fair.previousSecret,
      claimedNumbers: latest!.openNumber.split(','),
    });
    expect(outcome).toEqual({ ok: true, numbers: fair.numbers });
    // an issue not yet drawn reveals nothing
    const onSale = currentIssue(k3, now).issue;
    expect((await get(`/v1/fairness/issue?lotteryCode=${K3}&issue=${onSale}`)).msg).toBe('该期尚未开奖');
  });

  it('lists records by period and state, with totals', async () => {
    toFreshIssue();
    const player = await newPlayer(app, 100);
    const a = json<AddBettingData>(
      await addBetting(app, player.cookie, [line(K3, 'A10', clock.now(), { random: seeded(41) })]),
    ).data!;
    const b = json<AddBettingData>(
      await addBetting(app, player.cookie, [line(K3, 'H10', clock.now(), { random: seeded(42) })]),
    ).data!;
    await app.inject({
      method: 'POST',
      url: '/v1/betting/cancelBetting',
      payload: `orderId=${b.orderId}`,
      headers: { cookie: player.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const today = (await get<BetListData>('/v1/betting/getBetting?period=today', player.cookie)).data!;
    expect(today.rows.map((r) => [r.id, r.returnAmount])).toEqual([
      [b.orderId, '已撤单'],
      [a.orderId, '等待开奖'],
    ]);
    const cancelled = (await get<BetListData>('/v1/betting/getBetting?period=today&state=3', player.cookie))
      .data!;
    expect(cancelled.rows.map((r) => r.id)).toEqual([b.orderId]);
    expect(
      (await get<BetListData>('/v1/betting/getBetting?period=yesterday', player.cookie)).data!.total,
    ).toBe(0);
    const totals = (
      await get<{ betCount: number; betMoney: string; pendingMoney: string }>(
        '/v1/betting/getBetData?period=sevenDays',
        player.cookie,
      )
    ).data!;
    expect(totals).toMatchObject({ betCount: 2, betMoney: a.betMoney, pendingMoney: a.betMoney });
    // someone else's bet is not visible
    const other = await newPlayer(app, 0);
    expect((await get(`/v1/betting/getBetDetail?id=${a.orderId}`, other.cookie)).msg).toBe('注单不存在');
    expect((await get<BetListData>('/v1/betting/getBetting', other.cookie)).data!.total).toBe(0);
  });

  it('serves plan, open time, issue data, results, rebates and the current issue', async () => {
    await app.scheduler.tick();
    const now = clock.now();
    const plan = (
      await get<{ issue: string; startTime: string; endTime: string }[]>(
        `/v1/betting/getLotteryPlan?lotteryCode=${K3}`,
      )
    ).data!;
    expect(plan).toHaveLength(1440);
    expect(plan[0]).toMatchObject({ startTime: '00:00:00', endTime: '00:01:00' });
    const detail = (await get<IssueDetail>(`/v1/betting/nextIssueOpenData?lotteryCode=${K3}`)).data!;
    expect(detail.issue).toBe(currentIssue(k3, now).issue);
    expect(detail.remainTime).toBe(Math.floor((detail.endTime - now) / 1000));
    expect((await get<string>(`/v1/chat/getNowIssue?lotteryCode=${K3}&issueNum=1`)).data).toBe(detail.issue);
    const open = (
      await get<{ lastResult: { issue: string } | null }>(`/v1/betting/lotteryOpenData?lotteryCode=${K3}`)
    ).data!;
    expect(open.lastResult?.issue).toBe(detail.lastIssue);
    const lhc = await get<{ openTime: string; openDay: string }>('/v1/lottery/6hc/openTime');
    expect(lhc.data).toMatchObject({ openTime: '21:30' });
    const player = await newPlayer(app, 0);
    const rebate = await get<{ rebate: string; odds: { playCode: string }[] }>(
      '/v1/betting/getBetRebate?lotteryType=1',
      player.cookie,
    );
    expect(rebate.data!.odds.some((o) => o.playCode === 'K3A10')).toBe(true);
    const all = await get<{ allRebateData: Record<string, unknown> }>(
      '/v1/betting/getAllBetRebate',
      player.cookie,
    );
    expect(Object.keys(all.data!.allRebateData).sort()).toEqual([
      '1',
      '15',
      '16',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect((await get('/v1/betting/getBetRebate?lotteryType=1')).code).toBe(0);
    expect((await get('/v1/lottery/longDragon?type=1')).code).toBe(0);
    const dragon = await get<unknown[]>('/v1/lottery/longDragon?type=1', player.cookie);
    expect(dragon.code).toBe(1);
    const stock = await get<{ lotteryList: { family: string }[] }>(
      '/v1/management/content/getStockLotteryDataFront',
    );
    expect(stock.data!.lotteryList.map((g) => g.family)).toEqual(['STOCK']);
  });
});
