import type { AddBettingData } from '@lottery/contract/betting';
import { formatMoney } from '@lottery/contract/money';
import type { SettledBetsData, SettlementSummaryData, WaterDetailData } from '@lottery/contract/records';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../db/sql';
import { form, json, passwordDigest, sessionCookie, testApp } from '../../test/app';
import { addBetting, line, newPlayer, seeded } from '../betting/testing';
import { auditLedger } from '../wallet/index';

const K3 = '1401';
const k3 = lotteryByCode(K3)!;
const DAY_MS = 86_400_000;

/**
 * 今日已结 and 返水明细 through build() + inject, on PGlite and (server-pg) PostgreSQL: real bets,
 * settled by the scheduler, and the figures checked against the bets and ledger rows in the
 * database, read independently here.
 */
describe('account records (今日已结, 返水明细)', async () => {
  const { app, clock, database } = await testApp({
    limits: { registerPerIp: 1000 },
    scheduler: { lotteries: [K3], maxDrawsPerLottery: 50, maxSettlesPerTick: 500 },
  });
  const db = database.db;
  const get = async <T>(url: string, cookie?: string) =>
    json<T>(await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }));

  /** The ledger's own sum of one player's entries of a type code, all time. */
  const ledgerSum = async (userId: number, typeCode: number) => {
    const row = await queryOne<{ s: string; n: number }>(
      db,
      sql`SELECT coalesce(sum(e.amount_minor), 0)::text AS s, count(*)::int AS n FROM ledger_entry e
          JOIN wallet_account a ON a.id = e.account_id
          WHERE a.code = ${`player:${userId}`} AND e.type_code = ${typeCode}`,
    );
    return { sum: BigInt(row!.s), n: row!.n };
  };

  // One issue with three players: the agent (rebate 8.0), his player (7.5, taking 2.5 as bet
  // rebate), and a stranger. Settled by the scheduler, as in production.
  const setup = (async () => {
    clock.set(issueAfter(k3, currentIssue(k3, clock.now())).startMs + 10_000);
    await app.scheduler.tick();
    const agent = await newPlayer(app, 0);
    const player = await newPlayer(app, 1000);
    const stranger = await newPlayer(app, 1000);
    await db.execute(sql`UPDATE users SET rebate = 8.0 WHERE id = ${agent.userId}`);
    await db.execute(
      sql`UPDATE users SET rebate = 7.5, parent_id = ${agent.userId} WHERE id = ${player.userId}`,
    );
    await db.execute(sql`UPDATE users SET rebate = 7.5 WHERE id = ${stranger.userId}`);
    const now = clock.now();
    // 二不同号 over all six faces wins unless the dice are a triple; 三同号通选 loses unless they are.
    const bets: AddBettingData[] = [];
    for (const l of [
      line(K3, 'H10', now, { bettingNumber: '1,2,3,4,5,6', point: '2.5' }),
      line(K3, 'B10', now, { random: seeded(4), point: '2.5', multiplier: 3 }),
      line(K3, 'A10', now, { random: seeded(9), point: '1.0' }),
    ]) {
      const placed = json<AddBettingData>(await addBetting(app, player.cookie, [l]));
      expect(placed.code, placed.msg).toBe(1);
      bets.push(placed.data!);
    }
    const strangerBet = json<AddBettingData>(
      await addBetting(app, stranger.cookie, [
        line(K3, 'H10', now, { bettingNumber: '1,2,3', point: '3.0' }),
      ]),
    );
    expect(strangerBet.code).toBe(1);
    const issue = bets[0]!.issue;
    clock.set(issueTimes(k3, issue)!.drawMs + 1000);
    await app.scheduler.tick();
    const settled = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM bet WHERE user_id IN (${player.userId}, ${stranger.userId}) AND state IN (1, 2)`,
    );
    expect(settled[0]!.n).toBe(4);
    return { agent, player, stranger, bets, strangerBet: strangerBet.data!, issue };
  })();

  it('今日已结 counts the settled bets, the winnings the ledger paid and the 501 rebate', async () => {
    const { player, bets } = await setup;
    const rows = await queryRows<{ amount: string; bonus: string; state: number }>(
      db,
      sql`SELECT amount_minor::text AS amount, bonus_minor::text AS bonus, state FROM bet WHERE user_id = ${player.userId}`,
    );
    const stake = rows.reduce((s, r) => s + BigInt(r.amount), 0n);
    const paid = await ledgerSum(player.userId, 205);
    const rebate = await ledgerSum(player.userId, 501);
    const bets302 = await ledgerSum(player.userId, 302);
    expect(-bets302.sum).toBe(stake); // what the bets cost is what the ledger took
    expect(rebate.sum).toBeGreaterThan(0n);
    expect(rows.some((r) => Number(r.state) === 1) || rows.some((r) => Number(r.state) === 2)).toBe(true);

    const reply = await get<SettlementSummaryData>('/v1/records/settlementToday', player.cookie);
    expect(reply.code).toBe(1);
    const expected = {
      betCount: 3,
      betMoney: formatMoney(stake),
      winMoney: formatMoney(paid.sum),
      rebateMoney: formatMoney(rebate.sum),
      profit: formatMoney(paid.sum + rebate.sum - stake),
    };
    expect(reply.data!.total).toEqual(expected);
    expect(reply.data!.lotteries).toEqual([{ lotteryCode: K3, lotteryName: k3.name, ...expected }]);
    expect(reply.data!.period).toBe('today');

    const list = await get<SettledBetsData>('/v1/records/settledBets?pageSize=2', player.cookie);
    expect(list.data!.total).toBe(3);
    expect(list.data!.rows).toHaveLength(2);
    const page2 = await get<SettledBetsData>('/v1/records/settledBets?pageSize=2&pageNum=2', player.cookie);
    const listed = [...list.data!.rows, ...page2.data!.rows];
    expect(listed.map((r) => r.id).sort()).toEqual(bets.map((b) => b.orderId).sort());
    for (const r of listed) {
      expect(r.stateName).toBe(r.state === 1 ? '已中奖' : '未中奖');
      expect(r.state === 1).toBe(r.winMoney !== '0.00');
      expect(r.openNum).not.toBe('');
    }
  });

  it('返水明细 lists the 501 and 204 credits with totals per type, each player only their own', async () => {
    const { agent, player, stranger, issue } = await setup;
    const own = await get<WaterDetailData>('/v1/records/waterDetail', player.cookie);
    expect(own.code).toBe(1);
    const rebate = await ledgerSum(player.userId, 501);
    expect(own.data!.total).toBe(rebate.n);
    expect(own.data!.rows.every((r) => r.typeCode === 501 && r.typeName === '投注返水')).toBe(true);
    expect(own.data!.rows[0]).toMatchObject({ lotteryName: k3.name, issue });
    expect(own.data!.totalAmount).toBe(formatMoney(rebate.sum));
    expect(own.data!.types).toEqual([
      { typeCode: 204, typeName: '代理返点', count: 0, amount: '0.00' },
      { typeCode: 501, typeName: '投注返水', count: rebate.n, amount: formatMoney(rebate.sum) },
      { typeCode: 502, typeName: '棋牌返水', count: 0, amount: '0.00' },
    ]);

    // the agent earned 0.5% of his player's stakes (204), and never sees the stranger's money
    const agentWater = await get<WaterDetailData>('/v1/records/waterDetail', agent.cookie);
    const agentRebate = await ledgerSum(agent.userId, 204);
    expect(agentRebate.sum).toBeGreaterThan(0n);
    expect(agentWater.data!.rows.map((r) => [r.typeCode, r.amount])).toEqual([
      [204, formatMoney(agentRebate.sum)],
    ]);
    expect(agentWater.data!.totalAmount).toBe(formatMoney(agentRebate.sum));
    const agentSettled = await get<SettlementSummaryData>('/v1/records/settlementToday', agent.cookie);
    expect(agentSettled.data!.total.betCount).toBe(0);
    expect(agentSettled.data!.lotteries).toEqual([]);

    // the type filter narrows the rows but not the per-type totals
    const only204 = await get<WaterDetailData>('/v1/records/waterDetail?type=204', player.cookie);
    expect(only204.data!.rows).toEqual([]);
    expect(only204.data!.total).toBe(0);
    expect(only204.data!.totalAmount).toBe(formatMoney(rebate.sum));
    const bad = await get('/v1/records/waterDetail?type=205', player.cookie);
    expect(bad).toMatchObject({ code: -2, msg: '返水类型有误' });

    // the stranger sees one bet and his own rebate only
    const strangerSettled = await get<SettlementSummaryData>('/v1/records/settlementToday', stranger.cookie);
    expect(strangerSettled.data!.total.betCount).toBe(1);
    const strangerList = await get<SettledBetsData>('/v1/records/settledBets', stranger.cookie);
    expect(strangerList.data!.rows.map((r) => r.id)).toEqual([(await setup).strangerBet.orderId]);
    const strangerWater = await get<WaterDetailData>('/v1/records/waterDetail', stranger.cookie);
    expect(strangerWater.data!.totalAmount).toBe(formatMoney((await ledgerSum(stranger.userId, 501)).sum));
    expect(strangerWater.data!.totalAmount).not.toBe(own.data!.totalAmount);
  });

  it('periods follow the Beijing day: after midnight the figures move to 昨天', async () => {
    const { player } = await setup;
    const today = (await get<SettlementSummaryData>('/v1/records/settlementToday', player.cookie)).data!;
    const water = (await get<WaterDetailData>('/v1/records/waterDetail', player.cookie)).data!;
    const saved = clock.now();
    clock.set(today.toMs + 3_600_000); // 01:00 the next Beijing day
    try {
      // a day later the session has gone idle: log in again (password of the betting fixture)
      const res = await app.inject({
        method: 'POST',
        url: '/v1/users/login',
        ...form({
          userName: player.userName,
          password: passwordDigest(player.userName, 'Secret@2026'),
          random: 'r1',
        }),
      });
      expect(json(res).code).toBe(1);
      const cookie = sessionCookie(res);
      const next = (await get<SettlementSummaryData>('/v1/records/settlementToday', cookie)).data!;
      expect(next.total.betCount).toBe(0);
      expect(next.fromMs).toBe(today.toMs);
      expect(next.toMs - next.fromMs).toBe(DAY_MS);
      const yesterday = (
        await get<SettlementSummaryData>('/v1/records/settlementToday?period=yesterday', cookie)
      ).data!;
      expect(yesterday.total).toEqual(today.total);
      const seven = (await get<SettlementSummaryData>('/v1/records/settlementToday?period=sevenDays', cookie))
        .data!;
      expect(seven.total).toEqual(today.total);
      const waterYesterday = (await get<WaterDetailData>('/v1/records/waterDetail?period=yesterday', cookie))
        .data!;
      expect(waterYesterday.totalAmount).toBe(water.totalAmount);
      expect((await get<WaterDetailData>('/v1/records/waterDetail', cookie)).data!.total).toBe(0);
      const bad = await get('/v1/records/settlementToday?period=decade', cookie);
      expect(bad.code).toBe(-2);
    } finally {
      clock.set(saved);
    }
  });

  it('needs a session, and the ledger audit holds', async () => {
    await setup;
    for (const path of ['settlementToday', 'settledBets', 'waterDetail']) {
      expect((await get(`/v1/records/${path}`)).code).toBe(0);
    }
    const audit = await auditLedger(db);
    expect(audit.ok).toBe(true);
  });
});
