import { DiscoveryApi, type NewestWin } from '@lottery/contract/discovery';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DISCOVERY_DEMO_BETTORS, seedDiscoveryDemo } from '../../db/seed-discovery';
import { queryRows } from '../../db/sql';
import { json, testApp } from '../../test/app';
import { auditLedger } from '../wallet/index';
import discoveryRoutes from './routes';

const k3 = lotteryByCode('1401')!;

/** The demo site's discovery history: real bets of demo bettors, settled by the scheduler. */
describe('demo discovery seed', async () => {
  const { app, clock, database } = await testApp({
    scheduler: { lotteries: ['1401'], maxDrawsPerLottery: 50, maxSettlesPerTick: 500 },
  });
  if (!app.hasRoute({ method: 'GET', url: `/v1/${DiscoveryApi.newestWins.path}` }))
    await app.register(discoveryRoutes, { prefix: '/v1' });

  it('bets once through the API; after the draw 中奖信息 shows the demo winners', async () => {
    clock.set(issueAfter(k3, currentIssue(k3, clock.now())).startMs + 5_000);
    await app.scheduler.tick();
    const placed = await seedDiscoveryDemo(app);
    expect(placed).toBe(15);
    expect(await seedDiscoveryDemo(app)).toBe(0);
    const bets = await queryRows<{ issue: string; n: number }>(
      database.db,
      sql`SELECT b.issue, count(*)::int AS n FROM bet b JOIN users u ON u.id = b.user_id
          WHERE u.user_name IN (${sql.join(
            DISCOVERY_DEMO_BETTORS.map((n) => sql`${n}`),
            sql`, `,
          )}) GROUP BY b.issue`,
    );
    expect(bets).toEqual([{ issue: bets[0]!.issue, n: 15 }]);
    clock.set(issueTimes(k3, bets[0]!.issue)!.drawMs + 1000);
    await app.scheduler.tick();
    const won = await queryRows<{ user_name: string }>(
      database.db,
      sql`SELECT u.user_name FROM bet b JOIN users u ON u.id = b.user_id WHERE b.issue = ${bets[0]!.issue} AND b.state = 1`,
    );
    const reply = json<NewestWin[]>(
      await app.inject({ method: 'GET', url: `/v1/${DiscoveryApi.newestWins.path}` }),
    );
    expect(won.length, 'some pair was drawn').toBeGreaterThan(0);
    expect(reply.data!.length).toBe(won.length);
    expect(reply.data!.map((r) => r.userName).sort()).toEqual(
      won.map((w) => `${w.user_name.slice(0, 2)}***${w.user_name.slice(-1)}`).sort(),
    );
    expect(await auditLedger(database.db)).toMatchObject({ ok: true });
  });
});
