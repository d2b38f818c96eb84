import type { RebateData } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import type { AllLotteryData } from '@lottery/contract/site';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedTenant } from '../../db/seed';
import { form, getAs, json, testApp, testConfig } from '../../test/app';
import { AccountCodes, balanceOf } from '../wallet/index';
import { addBetting, line, newPlayer } from './fixture';

/**
 * spec/betting.md §5: "Some K3 modes (two-same multiple F10, two-same single G10) are hidden for two
 * tenant codes." The operator lists them in K3_TWO_SAME_HIDDEN_TENANTS. Two tenants on one
 * database, each served by its own app as in production: `acme` is listed, `demo` is not.
 */
const K3 = '1401';
const k3 = lotteryByCode(K3)!;
const SSC = '1001';
const HIDDEN = { K3_TWO_SAME_HIDDEN_TENANTS: 'acme,other' };

describe('K3 two-same plays hidden for the listed tenants (build + inject)', async () => {
  const demo = await testApp({ config: testConfig(HIDDEN), limits: { registerPerIp: 1000 } });
  const { clock, database } = demo;
  await seedTenant(database, clock, 'acme');
  // The operator's registration setting, so the test's players need no captcha.
  await database.db.execute(sql`UPDATE tenants SET register_image_code = false WHERE code = 'acme'`);
  const acme = await testApp({
    config: testConfig({ ...HIDDEN, TENANT_CODE: 'acme' }),
    limits: { registerPerIp: 1000 },
  });
  const tenants = { demo: demo.app, acme: acme.app };

  const toFreshIssue = () => {
    const times = currentIssue(k3, clock.now());
    clock.set(issueAfter(k3, times).startMs + 10_000);
  };
  const catalogue = async (app: (typeof tenants)['demo']) =>
    json<AllLotteryData>(
      await app.inject({ method: 'GET', url: '/v1/management/content/getAllLotteryDataFront' }),
    ).data!;

  it('leaves F10 and G10 out of the listed tenant’s K3 plays, and only there', async () => {
    const hiddenOf = (data: AllLotteryData, code: string) =>
      data.lotteryConfig.find((c) => c.lotteryCode === code)!.hiddenPlays;
    const acmeData = await catalogue(tenants.acme);
    expect(hiddenOf(acmeData, K3)).toEqual(['F10', 'G10']);
    // every K3 lottery of the tenant, none of another family
    for (const entry of acmeData.lotteryConfig) {
      expect(entry.hiddenPlays).toEqual(
        lotteryByCode(entry.lotteryCode)?.family === 'K3' ? ['F10', 'G10'] : [],
      );
    }
    expect(hiddenOf(acmeData, SSC)).toEqual([]);
    const demoData = await catalogue(tenants.demo);
    expect(demoData.lotteryConfig.every((c) => c.hiddenPlays.length === 0)).toBe(true);
  });

  it('gives no odds for them on the listed tenant', async () => {
    const k3Codes = async (app: (typeof tenants)['demo']) => {
      const player = await newPlayer(app, 0);
      const table = await getAs<RebateData>(
        app,
        player,
        `betting/getBetRebate?lotteryType=${k3.lotteryType}`,
      );
      expect(table.code).toBe(1);
      return new Set(table.data!.odds.map((o) => o.playCode));
    };
    const acmeCodes = await k3Codes(tenants.acme);
    expect(acmeCodes.has('K3F10')).toBe(false);
    expect(acmeCodes.has('K3G10')).toBe(false);
    expect(acmeCodes.has('K3H10')).toBe(true);
    const demoCodes = await k3Codes(tenants.demo);
    expect(demoCodes.has('K3F10')).toBe(true);
    expect(demoCodes.has('K3G10')).toBe(true);
  });

  it('refuses a bet and a chase on F10 or G10 for the listed tenant with 玩法不存在, charging nothing', async () => {
    toFreshIssue();
    const player = await newPlayer(tenants.acme, 100);
    const balance = () => balanceOf(database.db, player.tenantId, AccountCodes.player(player.userId));
    for (const mode of ['F10', 'G10']) {
      const reply = json(await addBetting(tenants.acme, player.cookie, [line(K3, mode, clock.now())]));
      expect({ mode, reply }).toEqual({ mode, reply: { code: Codes.INVALID_PARAM.code, msg: '玩法不存在' } });
    }
    // hidden inside a basket with an offered play: the whole basket is refused
    const mixed = [line(K3, 'H10', clock.now()), line(K3, 'F10', clock.now())];
    expect(json(await addBetting(tenants.acme, player.cookie, mixed)).msg).toBe('玩法不存在');
    // a chase goes through the same check
    const bet = line(K3, 'G10', clock.now());
    const first = currentIssue(k3, clock.now());
    const orders = [first, issueAfter(k3, first)].map((t) => ({
      bettingIssue: t.issue,
      graduationCount: 1,
      bettingAmount: bet.bettingAmount,
    }));
    const { bettingIssue: _issue, ...eachLine } = bet;
    const chase = {
      lotteryCode: K3,
      startIssue: first.issue,
      chaseCount: 2,
      isStopAfterWinning: 1,
      autoBuyIfStopAfterWinning: 0,
      playDetailCode: bet.playDetailCode,
      bettingPoint: bet.bettingPoint,
      bettingUnit: bet.bettingUnit,
      bettingAllAmount: formatMoney(parseMoney(bet.bettingAmount) * 2n),
      eachInfo: [eachLine],
      eachOrder: orders,
    };
    const chaseReply = json(
      await tenants.acme.inject({
        method: 'POST',
        url: '/v1/betting/addChaseBetting',
        ...form({ chaseBettingData: JSON.stringify(chase) }),
        headers: { ...form({}).headers, cookie: player.cookie },
      }),
    );
    expect(chaseReply).toEqual({ code: Codes.INVALID_PARAM.code, msg: '玩法不存在' });
    expect(await balance()).toBe(100n * 10_000n);
    // the tenant's other K3 plays still sell
    expect(json(await addBetting(tenants.acme, player.cookie, [line(K3, 'H10', clock.now())])).code).toBe(1);
  });

  it('sells F10 and G10 as before on a tenant that is not listed', async () => {
    toFreshIssue();
    const player = await newPlayer(tenants.demo, 100);
    for (const mode of ['F10', 'G10']) {
      const reply = json(await addBetting(tenants.demo, player.cookie, [line(K3, mode, clock.now())]));
      expect({ mode, code: reply.code, msg: reply.msg }).toEqual({ mode, code: 1, msg: '投注成功' });
    }
  });
});
