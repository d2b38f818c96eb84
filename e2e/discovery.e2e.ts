import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddBettingData } from '@lottery/contract/betting';
import { DiscoveryApi } from '@lottery/contract/discovery';
import { formatMoney } from '@lottery/contract/money';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { discoveryDaily } from '../apps/server/src/jobs/discovery-daily';
import { line, newPlayer } from '../apps/server/src/modules/betting/testing';
import { discoveryRoutes } from '../apps/server/src/modules/discovery/index';
import { beijingDayStartMs } from '../apps/server/src/modules/wallet/index';
import { beijingToday, lotteryOf, SteppingClock } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { buildWebInto } from './support/stack';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * Discovery as a player meets it (issue 12, spec/platform.md §2), at 390x844: fifteen players bet
 * 二不同号 pairs on one K3 issue, the real scheduler settles it, the clock moves to the next day and
 * the daily job runs; 中奖信息, 昨日盈利榜 and 昨日赢家 then show the masked accounts and the amounts of
 * the bets and ledger (read independently here), and a tap on a winner opens 玩家信息.
 */
const K3 = '1401';
const k3 = lotteryOf(K3);
const DAY_MS = 86_400_000;
const masked = (name: string) => `${name.slice(0, 2)}***${name.slice(-1)}`;
/** displayMoney's grouping (1,234.50). */
const shown = (minor: bigint) => formatMoney(minor).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

let app: FastifyInstance;
let clock: SteppingClock;
let browser: Browser;
let page: Page;
let dataDir = '';
let webDist = '';
type Player = { userId: number; userName: string; cookie: string };
const players: Player[] = [];
let settledDay = 0;

const query = <T>(text: string, params: unknown[] = []) => app.ctx.database.query<T>(text, params);

/** A player's net lottery result of the day, from their bets and their 501 rebate entries. */
async function netOf(userId: number): Promise<bigint> {
  const [bets] = await query<{ stake: string; bonus: string }>(
    `SELECT coalesce(sum(amount_minor), 0)::text AS stake, coalesce(sum(bonus_minor), 0)::text AS bonus
     FROM bet WHERE user_id = $1`,
    [userId],
  );
  const [rebate] = await query<{ s: string }>(
    `SELECT coalesce(sum(e.amount_minor), 0)::text AS s FROM ledger_entry e
     JOIN wallet_account a ON a.id = e.account_id WHERE a.code = $1 AND e.type_code = 501`,
    [`player:${userId}`],
  );
  return BigInt(bets!.bonus) + BigInt(rebate!.s) - BigInt(bets!.stake);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-disc-'));
  webDist = mkdtempSync(join(tmpdir(), 'lottery-e2e-web-'));
  buildWebInto(webDist);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    TENANT_CODE: 'demo',
    WEB_DIST: webDist,
  });
  clock = new SteppingClock(beijingToday(14, 0));
  app = await build({
    config,
    clock,
    logLevel: 'silent',
    limits: { registerPerIp: 1000 },
    scheduler: { lotteries: [K3] },
  });
  // Until app.ts lists the module (the lead registers it), register it here.
  if (!app.hasRoute({ method: 'GET', url: `/v1/${DiscoveryApi.profitRank.path}` }))
    await app.register(discoveryRoutes, { prefix: '/v1' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // Fifteen players on the fifteen pairs: whatever the dice but a triple (6 in 216), some pair is
  // drawn; after a triple, fifteen more play the next issue.
  const pairs: string[] = [];
  for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) pairs.push(`${a},${b}`);
  const prizesPaid = async () =>
    (await query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entry WHERE type_code = 205`))[0]!.n;
  const paidBefore = await prizesPaid();
  for (let attempt = 0; attempt < 5 && (await prizesPaid()) === paidBefore; attempt++) {
    clock.jumpTo(issueAfter(k3, currentIssue(k3, clock.now())).startMs + 10_000);
    await app.scheduler.tick();
    let issue = '';
    for (const [i, pair] of pairs.entries()) {
      const p = await newPlayer(app, 200);
      await query('UPDATE users SET rebate = 7.5 WHERE id = $1', [p.userId]);
      players.push(p);
      const res = await app.inject({
        method: 'POST',
        url: '/v1/betting/addBetting',
        headers: { cookie: p.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          bettingData: JSON.stringify([
            line(K3, 'H10', clock.now(), { bettingNumber: pair, multiplier: 1 + i, point: '1.0' }),
          ]),
        }).toString(),
      });
      const placed = res.json() as { code: number; msg: string; data: AddBettingData };
      expect(placed.code, placed.msg).toBe(1);
      issue = placed.data.issue;
    }
    clock.jumpTo(issueTimes(k3, issue)!.drawMs + 1000);
    await app.scheduler.tick();
    const [unsettled] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM bet WHERE state = 0`);
    expect(unsettled!.n).toBe(0);
  }
  const [first] = await query<{ at: string }>(`SELECT min(settled_at)::text AS at FROM bet`);
  settledDay = beijingDayStartMs(Number(first!.at));
  // the next morning, the daily job computes yesterday's lists
  clock.jumpTo(settledDay + DAY_MS + 9 * 3_600_000);
  expect(await discoveryDaily(app.ctx.db, clock.now())).toBeGreaterThanOrEqual(1);

  browser = await launch();
  ({ page } = await phone(browser, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`));
  await page.goto('/register');
  await register(page, uniqueAccount('disc'), DEMO_PASSWORD);
  await waitForPath(page, '/home');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

/** The rows on screen: masked account and amount. */
async function rowsOn(listTestId: string): Promise<{ account: string; amount: string }[]> {
  const list = page.getByTestId(listTestId);
  await list.getByTestId('discovery-row').first().waitFor();
  return list.getByTestId('discovery-row').evaluateAll((rows) =>
    rows.map((r) => ({
      account: r.querySelector('[data-testid="row-account"]')?.textContent ?? '',
      amount: r.querySelector('[data-testid="row-amount"]')?.textContent ?? '',
    })),
  );
}

describe('discovery at 390x844', () => {
  it('中奖信息 (from /find) shows every winning bet with its masked account and winnings', async () => {
    await page.goto('/find');
    await waitForPath(page, '/winningInfomation');
    const rows = await rowsOn('newest-wins');
    const won = await query<{ user_id: number; bonus: string }>(
      `SELECT user_id::int, bonus_minor::text AS bonus FROM bet WHERE state = 1 ORDER BY settled_at DESC, id DESC`,
    );
    expect(won.length).toBeGreaterThan(0);
    const names = new Map(players.map((p) => [p.userId, p.userName]));
    expect(rows).toEqual(
      won.map((w) => ({ account: masked(names.get(w.user_id)!), amount: shown(BigInt(w.bonus)) })),
    );
    const html = await page.content();
    for (const p of players) expect(html).not.toContain(p.userName);
    await snap(page, 'discovery-winning-info');
  });

  it('昨日盈利榜 lists the players the day left ahead, with their net result from the ledger', async () => {
    await page.getByRole('link', { name: '昨日盈利榜' }).click();
    await waitForPath(page, '/yesterdayProfitList');
    const expected: { account: string; net: bigint }[] = [];
    for (const p of players) {
      const net = await netOf(p.userId);
      if (net > 0n) expected.push({ account: masked(p.userName), net });
    }
    expect(expected.length).toBeGreaterThan(0);
    expected.sort((a, b) => (b.net > a.net ? 1 : b.net < a.net ? -1 : 0));
    const rows = await rowsOn('profit-list');
    expect(rows).toEqual(expected.map((e) => ({ account: e.account, amount: shown(e.net) })));
    await expect(
      page
        .getByText(`统计日期 ${new Date(settledDay + 8 * 3_600_000).toISOString().slice(0, 10)}`)
        .isVisible(),
    ).resolves.toBe(true);
    await snap(page, 'discovery-profit-list');
  });

  it('昨日赢家 lists the largest wins; tapping one opens 玩家信息', async () => {
    await page.getByRole('link', { name: '昨日赢家' }).click();
    await waitForPath(page, '/yesterdayWinner');
    const won = await query<{ user_id: number; bonus: string }>(
      `SELECT user_id::int, bonus_minor::text AS bonus FROM bet WHERE state = 1 ORDER BY bonus_minor DESC, settled_at, id`,
    );
    const names = new Map(players.map((p) => [p.userId, p.userName]));
    const rows = await rowsOn('winner-list');
    expect(rows).toEqual(
      won.map((w) => ({ account: masked(names.get(w.user_id)!), amount: shown(BigInt(w.bonus)) })),
    );
    await snap(page, 'discovery-yesterday-winner');

    await page.getByTestId('winner-list').getByTestId('discovery-row').first().click();
    const card = page.getByTestId('player-card');
    await card.waitFor();
    await expect(card.getByText('玩家信息').isVisible()).resolves.toBe(true);
    await expect(card.getByTestId('player-account').textContent()).resolves.toBe(
      `账号：${masked(names.get(won[0]!.user_id)!)}`,
    );
    await expect(card.getByText('Ta喜欢的彩票').isVisible()).resolves.toBe(true);
    // the player bet on 快三 only: that icon is the highlighted one
    const played = await card
      .locator('a[data-played="true"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')));
    expect(played).toHaveLength(1);
    // an ordinary player viewing an ordinary player: no 私聊 (chat rule), no 备注 (managers only)
    await expect(card.getByRole('button', { name: '私聊' }).count()).resolves.toBe(0);
    await expect(card.getByRole('button', { name: '备注' }).count()).resolves.toBe(0);
    // 累计中奖 only when the site shows it (showCardProfit), then as the ledger's winnings
    const [site] = await query<{ on: boolean | null }>(
      `SELECT (config->>'showCardProfit')::boolean AS on FROM tenants WHERE code = 'demo'`,
    );
    await expect(card.getByTestId('player-profit').count()).resolves.toBe(site?.on ? 1 : 0);
    if (site?.on) {
      const [paid] = await query<{ s: string }>(
        `SELECT coalesce(sum(e.amount_minor), 0)::text AS s FROM ledger_entry e
         JOIN wallet_account a ON a.id = e.account_id WHERE a.code = $1 AND e.type_code = 205`,
        [`player:${won[0]!.user_id}`],
      );
      await expect(card.getByTestId('player-profit').textContent()).resolves.toBe(
        `累计中奖 ${shown(BigInt(paid!.s))} 元`,
      );
    }
    await snap(page, 'discovery-player-card');

    await page.goto(`/playerInfo/${won[0]!.user_id}`);
    await page.getByTestId('player-card').waitFor();
    await expect(page.getByTestId('player-account').textContent()).resolves.toBe(
      `账号：${masked(names.get(won[0]!.user_id)!)}`,
    );
    await snap(page, 'discovery-player-page');
  });
});
