import type { AddBettingData } from '@lottery/contract/betting';
import {
  DiscoveryApi,
  type NewestWin,
  type ProfitRankRow,
  type WinnerRow,
} from '@lottery/contract/discovery';
import { formatMoney } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../db/sql';
import { discoveryDaily } from '../../jobs/discovery-daily';
import { json, testApp } from '../../test/app';
import { addBetting, line, newPlayer } from '../betting/testing';
import { auditLedger, beijingDayStartMs } from '../wallet/index';
import discoveryRoutes from './routes';

const K3 = '1401';
const k3 = lotteryByCode(K3)!;
const DAY_MS = 86_400_000;
type Daily<Row> = { day: string; computedAt: number; rows: Row[] };

/** ab***z, written out here rather than imported, so a change of the masking shows. */
const masked = (name: string) => `${name.slice(0, 2)}***${name.slice(-1)}`;

/**
 * Discovery through build() + inject on PGlite and (server-pg) PostgreSQL: real bets settled by
 * the scheduler, the lists compared with bets and ledger rows read independently here.
 */
describe('discovery (中奖信息, 昨日盈利榜, 昨日赢家)', async () => {
  const { app, clock, database } = await testApp({
    limits: { registerPerIp: 1000 },
    scheduler: { lotteries: [K3], maxDrawsPerLottery: 50, maxSettlesPerTick: 500 },
  });
  // Until app.ts lists the module (the lead registers it), register it here.
  if (!app.hasRoute({ method: 'GET', url: `/v1/${DiscoveryApi.profitRank.path}` }))
    await app.register(discoveryRoutes, { prefix: '/v1' });
  const db = database.db;
  const get = async <T>(path: string) => json<T>(await app.inject({ method: 'GET', url: `/v1/${path}` }));

  const setup = (async () => {
    clock.set(issueAfter(k3, currentIssue(k3, clock.now())).startMs + 10_000);
    await app.scheduler.tick();
    // Fifteen players, each on one 二不同号 pair: whatever the dice (but a triple), some pair is
    // drawn and its player ends the day ahead; the others lose their stake.
    const players = [];
    for (let i = 0; i < 15; i++) players.push(await newPlayer(app, 100));
    const tester = await newPlayer(app, 1000);
    const ids = [...players.map((p) => p.userId), tester.userId];
    await db.execute(sql`UPDATE users SET rebate = 7.5 WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
    await db.execute(sql`UPDATE users SET grade = -1 WHERE id = ${tester.userId}`);
    const now = clock.now();
    const place = async (cookie: string, l: unknown) => {
      const placed = json<AddBettingData>(await addBetting(app, cookie, [l]));
      expect(placed.code, placed.msg).toBe(1);
      return placed.data!;
    };
    const pairs: string[] = [];
    for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) pairs.push(`${a},${b}`);
    let issue = '';
    for (const [i, p] of players.entries())
      issue = (
        await place(
          p.cookie,
          line(K3, 'H10', now, { bettingNumber: pairs[i]!, multiplier: 1 + i, point: '1.0' }),
        )
      ).issue;
    await place(tester.cookie, line(K3, 'H10', now, { bettingNumber: '1,2,3,4,5,6', multiplier: 9 }));
    clock.set(issueTimes(k3, issue)!.drawMs + 1000);
    await app.scheduler.tick();
    const bets = await queryRows<{
      id: string;
      user_id: number;
      state: number;
      bonus: string;
      settled_at: string;
    }>(
      db,
      sql`SELECT id::text, user_id::int, state, bonus_minor::text AS bonus, settled_at::text FROM bet
          WHERE user_id = ANY(${`{${ids.join(',')}}`}::bigint[]) ORDER BY id`,
    );
    expect(bets).toHaveLength(16);
    expect(bets.every((b) => b.state === 1 || b.state === 2)).toBe(true);
    const winners = players.filter((p) => bets.some((b) => b.user_id === p.userId && b.state === 1));
    expect(winners.length, 'some pair was drawn').toBeGreaterThan(0);
    const winner = winners[0]!;
    return { players, winner, tester, bets, day: beijingDayStartMs(Number(bets[0]!.settled_at)) };
  })();

  /** A player's net lottery result of a day, from their own bets and 501 rebate entries. */
  const netOf = async (userId: number, dayStart: number) => {
    const bets = await queryOne<{ stake: string; bonus: string }>(
      db,
      sql`SELECT coalesce(sum(amount_minor), 0)::text AS stake, coalesce(sum(bonus_minor), 0)::text AS bonus
          FROM bet WHERE user_id = ${userId} AND settled_at >= ${dayStart} AND settled_at < ${dayStart + DAY_MS}`,
    );
    const rebate = await queryOne<{ s: string }>(
      db,
      sql`SELECT coalesce(sum(e.amount_minor), 0)::text AS s FROM ledger_entry e JOIN wallet_account a ON a.id = e.account_id
          WHERE a.code = ${`player:${userId}`} AND e.type_code = 501`,
    );
    return BigInt(bets!.bonus) + BigInt(rebate!.s) - BigInt(bets!.stake);
  };

  it('中奖信息 lists the newest winning bets with masked accounts, test accounts left out', async () => {
    const { winner, tester, bets } = await setup;
    const reply = await get<NewestWin[]>(DiscoveryApi.newestWins.path);
    expect(reply.code).toBe(1);
    const won = bets.find((b) => b.user_id === winner.userId && b.state === 1);
    expect(won, 'the all-faces 二不同号 bet won').toBeDefined();
    const row = reply.data!.find((r) => r.userId === winner.userId);
    expect(row).toMatchObject({
      userName: masked(winner.userName),
      lotteryCode: K3,
      lotteryName: k3.name,
      bonus: formatMoney(BigInt(won!.bonus)),
    });
    expect(JSON.stringify(reply.data)).not.toContain(winner.userName);
    expect(reply.data!.some((r) => r.userId === tester.userId)).toBe(false);
    const times = reply.data!.map((r) => r.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // a day later they have left the 24-hour window
    const saved = clock.now();
    clock.set(saved + DAY_MS + 60_000);
    expect(
      (await get<NewestWin[]>(DiscoveryApi.newestWins.path)).data!.some((r) => r.userId === winner.userId),
    ).toBe(false);
    clock.set(saved);
  });

  it('the next day, 昨日盈利榜 and 昨日赢家 show the figures of the bets and the ledger', async () => {
    const { players, tester, bets, day } = await setup;
    clock.set(day + DAY_MS + 3_600_000);
    expect(await discoveryDaily(db, clock.now())).toBeGreaterThanOrEqual(1);

    const profit = await get<Daily<ProfitRankRow>>(DiscoveryApi.profitRank.path);
    expect(profit.code).toBe(1);
    expect(profit.data!.day).toBe(new Date(day + 8 * 3_600_000).toISOString().slice(0, 10));
    // each of ours is listed exactly when the day left them ahead, with that figure
    let ahead = 0;
    for (const p of players) {
      const net = await netOf(p.userId, day);
      const row = profit.data!.rows.find((r) => r.userId === p.userId);
      if (net > 0n) {
        ahead++;
        expect(row).toMatchObject({ userName: masked(p.userName), profit: formatMoney(net) });
      } else expect(row).toBeUndefined();
    }
    expect(ahead).toBeGreaterThan(0);
    expect(await netOf(tester.userId, day)).not.toBe(0n);
    expect(profit.data!.rows.some((r) => r.userId === tester.userId)).toBe(false);
    const figures = profit.data!.rows.map((r) => Number(r.profit));
    expect([...figures].sort((a, b) => b - a)).toEqual(figures);
    expect(profit.data!.rows.map((r) => r.rank)).toEqual(profit.data!.rows.map((_, i) => i + 1));

    const winners = await get<Daily<WinnerRow>>(DiscoveryApi.yesterdayWinners.path);
    const ours = new Map(players.map((p) => [p.userId, p.userName]));
    const won = bets.filter((b) => ours.has(b.user_id) && b.state === 1);
    const listed = winners.data!.rows.filter((r) => ours.has(r.userId));
    expect(listed.map((r) => `${r.userId}:${r.bonus}`).sort()).toEqual(
      won.map((b) => `${b.user_id}:${formatMoney(BigInt(b.bonus))}`).sort(),
    );
    expect(listed.every((r) => r.userName === masked(ours.get(r.userId)!) && r.lotteryName === k3.name)).toBe(
      true,
    );
    expect(winners.data!.rows.some((r) => r.userId === tester.userId)).toBe(false);
    const bonuses = winners.data!.rows.map((r) => Number(r.bonus));
    expect([...bonuses].sort((a, b) => b - a)).toEqual(bonuses);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });

  it('computes a day once: later runs and requests read the stored lists', async () => {
    const { day } = await setup;
    clock.set(day + DAY_MS + 7_200_000);
    expect(await discoveryDaily(db, clock.now())).toBe(0);
    const first = await get<Daily<ProfitRankRow>>(DiscoveryApi.profitRank.path);
    clock.set(day + DAY_MS + 9_000_000);
    const again = await get<Daily<ProfitRankRow>>(DiscoveryApi.profitRank.path);
    expect(again.data!.computedAt).toBe(first.data!.computedAt);
    expect(again.data!.computedAt).toBeLessThanOrEqual(day + DAY_MS + 3_600_000);
  });

  it('racing runs of a new day compute it exactly once', async () => {
    const { day } = await setup;
    clock.set(day + 2 * DAY_MS + 60_000);
    // within the grace period after midnight nothing is computed yet
    expect(await discoveryDaily(db, clock.now())).toBe(0);
    clock.set(day + 2 * DAY_MS + 3_600_000);
    const runs = await Promise.all([1, 2, 3, 4].map(() => discoveryDaily(db, clock.now()).catch(() => 0)));
    const tenants = await queryOne<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM tenants`);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(tenants!.n);
    const marks = await queryOne<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM discovery_day WHERE day_start = ${day + DAY_MS}`,
    );
    expect(marks!.n).toBe(tenants!.n);
    // readers arriving before any job run compute the day themselves, once
    clock.set(day + 3 * DAY_MS + 3_600_000);
    const replies = await Promise.all(
      [1, 2, 3].map(() => get<Daily<WinnerRow>>(DiscoveryApi.yesterdayWinners.path)),
    );
    expect(new Set(replies.map((r) => r.data!.computedAt)).size).toBe(1);
  });
});
