import { join } from 'node:path';
import { GameMessages } from '@lottery/contract/games';
import { formatMoney } from '@lottery/contract/money';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, roundAt, VOID_GRACE_MS } from '../apps/server/src/modules/games/testing';
import { encodeCallPath } from '../packages/contract/src/enpath';
import { launch, OUTPUT_DIR, phone, snap } from './support/browser';
import { type ClockedApp, playerLedger, startClockedApp } from './support/clocked-app';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * The table games on a phone (issue 16, docs/games-web.md): two players at one dragon-tiger table
 * see the same round, countdown and result and are paid what the game_bet rows say (balances
 * checked against the ledger); a bet after the close is refused with the server's words; 棋牌记录
 * lists the bet and its detail verifies the round; demo mode plays with chips; /gamesList shows the
 * six; every table is photographed mid-round and after a result (e2e/output/games-*).
 * The round loop is ticked by hand on the stack's clock (app.gameLoop.tick()), as the server tests.
 */
let stack: ClockedApp;
let browser: Browser;
let alice: Page;
let bob: Page;
const aliceName = uniqueAccount('gma');
const bobName = uniqueAccount('gmb');
const FUND_YUAN = 100;

async function at(ms: number) {
  stack.clock.jumpTo(ms);
  await stack.app.gameLoop.tick();
}

async function userIdOf(userName: string): Promise<number> {
  const rows = await stack.app.ctx.database.query<{ id: string }>(
    'SELECT id::text FROM users WHERE user_name = $1',
    [userName.toLowerCase()],
  );
  return Number(rows[0]!.id);
}

async function signUp(page: Page, userName: string) {
  await page.goto('/register');
  await register(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  const tenantId = (await stack.app.ctx.tenant.get())!.id;
  await fund(stack.app.ctx.db, tenantId, await userIdOf(userName), FUND_YUAN);
}

// biome-ignore lint/performance/useDomNodeTextContent: rendered text, as the player reads it
const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

beforeAll(async () => {
  stack = await startClockedApp('games');
  await stack.app.ctx.database.query(
    `UPDATE tenants SET config = config || '{"gamesEnabled": true}'::jsonb WHERE code = 'demo'`,
  );
  stack.app.ctx.tenant.invalidate();
  browser = await launch();
  alice = (await phone(browser, stack.baseUrl)).page;
  bob = (await phone(browser, stack.baseUrl)).page;
  await signUp(alice, aliceName);
  await signUp(bob, bobName);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('table games', () => {
  it('/gamesList shows the six games', async () => {
    await at(roundAt(stack.clock.now()).nextOpenMs);
    await alice.goto('/gamesList');
    await expect.poll(() => alice.locator('[data-game]').count()).toBe(6);
    for (const name of ['百人牛牛', '龙虎斗', '红黑大战', '百家乐', '奔驰宝马', '骰宝'])
      expect(await alice.locator('.games-card-name', { hasText: name }).count()).toBe(1);
    await snap(alice, 'games-list');

    // a failed call is the §8 text, not the English word of the failure ("status")
    for (const [route, call] of [
      ['/gamesList', 'game/gameListFront'],
      ['/ChessRecord', 'game/getGameBetData'],
    ] as const) {
      const failing = (url: URL) => url.pathname.endsWith(encodeCallPath(call));
      await alice.route(failing, (r) => r.fulfill({ status: 500, body: '' }));
      await alice.goto(route);
      await alice
        .getByTestId('error-state')
        .getByText('当前网络不可用，请联系客服人员')
        .waitFor({ timeout: 10_000 });
      expect(await alice.locator('body').textContent()).not.toContain('status');
      await alice.unroute(failing);
    }
    await snap(alice, 'games-chess-record-failed');
  });

  it('two players share a dragon-tiger round and are paid as game_bet says', async () => {
    // A fresh round: the wall clock keeps running between tests.
    const round = roundAt(roundAt(stack.clock.now()).nextOpenMs);
    await at(round.openMs + 200);
    for (const page of [alice, bob]) {
      await page.goto('/games/multiplayer/dragonTigerWar/common');
      await expect.poll(() => text(page, 'phase')).toBe('下注中');
    }
    expect(await text(alice, 'round-id')).toBe(await text(bob, 'round-id'));
    const [ca, cb] = [Number(await text(alice, 'countdown')), Number(await text(bob, 'countdown'))];
    expect(Math.abs(ca - cb)).toBeLessThanOrEqual(1);
    expect(ca).toBeGreaterThan(5);

    await alice.locator('.game-chip', { hasText: /^10$/ }).click();
    await alice.locator('[data-area="dragon"]').click();
    await expect.poll(() => text(alice, 'bet-message')).toContain('已下注');
    await bob.locator('.game-chip', { hasText: /^5$/ }).click();
    await bob.locator('[data-area="tiger"]').click();
    await expect.poll(() => text(bob, 'bet-message')).toContain('已下注');
    await expect.poll(() => text(alice, 'balance')).toBe(formatMoney(BigInt(FUND_YUAN - 10) * 10_000n));
    await snap(alice, 'games-dragonTigerWar-betting');

    // Closed: a bet now is refused with the server's own message, and nothing is written.
    await at(round.closeMs + 100);
    await expect.poll(() => text(bob, 'phase')).toBe('停止下注');
    await bob.locator('[data-area="tie"]').click();
    await expect.poll(() => text(bob, 'bet-message')).toBe(GameMessages.closed);

    await at(round.dealMs + 100);
    await expect.poll(() => text(alice, 'phase')).toBe('开奖中');
    await alice.waitForTimeout(1200);
    await snap(alice, 'games-dragonTigerWar-dealing');
    const cardsOf = (page: Page) =>
      page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(await cardsOf(alice)).toHaveLength(2);
    expect(await cardsOf(bob)).toEqual(await cardsOf(alice));

    await at(round.settleMs + 100);
    await expect.poll(() => text(alice, 'phase')).toBe('派奖中');
    for (const [page, name] of [
      [alice, aliceName],
      [bob, bobName],
    ] as const) {
      const rows = await stack.app.ctx.database.query<{ stake: string; ret: string; debit: string }>(
        `SELECT sum(b.stake_minor)::text AS stake, sum(b.return_minor)::text AS ret, sum(b.debit_minor)::text AS debit
           FROM game_bet b WHERE b.user_id = $1`,
        [await userIdOf(name)],
      );
      const { stake, ret, debit } = rows[0]!;
      // 502 棋牌返水 at the demo's 龙虎斗 rate (0.40 %) on the valid turnover: one area, the stake
      const [paid] = await stack.app.ctx.database.query<{ rebate: string }>(
        `SELECT coalesce(sum(e.amount_minor), 0)::text AS rebate FROM ledger_entry e
           JOIN wallet_account a ON a.id = e.account_id
          WHERE a.code = 'player:' || $1 AND e.type_code = 502`,
        [await userIdOf(name)],
      );
      const rebate = BigInt(paid!.rebate);
      const rebateDue = (BigInt(stake) * 40n) / 10_000n;
      expect(rebate).toBe(rebateDue - (rebateDue % 100n));
      const ledger = await playerLedger(stack.app, name.toLowerCase());
      const expected = BigInt(FUND_YUAN) * 10_000n - BigInt(debit) + BigInt(ret) + rebate;
      expect(ledger.balanceMinor).toBe(expected);
      expect(ledger.entrySumMinor).toBe(expected);
      await expect.poll(() => text(page, 'balance')).toBe(formatMoney(expected));
      const profit = BigInt(ret) - BigInt(debit);
      await expect
        .poll(() => text(page, 'summary'))
        .toBe(
          profit > 0n
            ? `本局赢 ${formatMoney(profit)}元`
            : profit < 0n
              ? `本局输 ${formatMoney(-profit)}元`
              : '本局持平',
        );
      expect(BigInt(stake)).toBeGreaterThan(0n);
    }
    await snap(alice, 'games-dragonTigerWar-settled');
    await snap(bob, 'games-dragonTigerWar-settled-bob');
  }, 120_000);

  it('棋牌记录 lists the bet and its detail verifies the round', async () => {
    await alice.goto('/ChessRecord');
    await expect.poll(() => alice.getByTestId('chess-row').count()).toBe(1);
    await snap(alice, 'games-chess-record');
    await alice.getByTestId('chess-row').first().click();
    await expect.poll(() => text(alice, 'verdict')).toContain('验证通过');
    await snap(alice, 'games-chess-detail');
  });

  it('demo mode plays with chips and no money', async () => {
    const before = await playerLedger(stack.app, aliceName.toLowerCase());
    const round = roundAt(roundAt(stack.clock.now()).nextOpenMs);
    await at(round.openMs + 200);
    const guest = (await phone(browser, stack.baseUrl)).page;
    await guest.goto('/games/demo?gameCode=sicbo');
    await expect.poll(() => text(guest, 'phase')).toBe('下注中');
    expect(await text(guest, 'balance')).toBe('10000.00');
    await guest.locator('.game-chip', { hasText: /^100$/ }).click();
    await guest.locator('[data-area="big"]').click();
    await expect.poll(() => text(guest, 'balance')).toBe('9900.00');
    await at(round.closeMs + 100);
    await at(round.dealMs + 100);
    await at(round.settleMs + 100);
    await expect.poll(() => text(guest, 'summary')).toMatch(/^本局(赢|输)/);
    await snap(guest, 'games-demo-sicbo');
    expect((await playerLedger(stack.app, aliceName.toLowerCase())).balanceMinor).toBe(before.balanceMinor);
  }, 60_000);

  it('every table, mid-round and after a result', async () => {
    // The socket's frames come from the loop, ticked here: a table opened in the betting phase
    // stays on the settled round until the next tick, whatever the wall clock does meanwhile.
    for (const game of ['nn100', 'dragonTigerWar', 'redBlackWar', 'baccarat', 'benz', 'sicbo']) {
      const round = roundAt(roundAt(stack.clock.now()).nextOpenMs);
      await at(round.openMs + 200);
      await alice.goto(`/games/multiplayer/${game}/common`);
      await expect.poll(() => text(alice, 'phase')).toBe('下注中');
      await alice.locator('.game-area').first().click();
      await expect.poll(() => text(alice, 'bet-message')).toContain('已下注');
      await snap(alice, `games-${game}-betting`);
      await at(round.closeMs + 100);
      await at(round.dealMs + 100);
      await expect.poll(() => text(alice, 'phase')).toBe('开奖中');
      await alice.locator('.game-result').waitFor();
      await at(round.settleMs + 100);
      await expect.poll(() => text(alice, 'phase')).toBe('派奖中');
      await alice.getByTestId('summary').waitFor();
      await snap(alice, `games-${game}-result`);
    }
  }, 180_000);

  it('a round voided past the grace tells the table and gives the stake back', async () => {
    const round = roundAt(roundAt(stack.clock.now()).nextOpenMs);
    await at(round.openMs + 200);
    await alice.goto('/games/multiplayer/baccarat/common');
    await expect.poll(() => text(alice, 'phase')).toBe('下注中');
    const before = await text(alice, 'balance');
    await alice.locator('.game-chip', { hasText: /^10$/ }).click();
    await alice.locator('[data-area="banker"]').click();
    await expect.poll(() => text(alice, 'bet-message')).toContain('已下注');
    await expect.poll(() => text(alice, 'balance')).not.toBe(before);
    // the leader was down past the grace: the loop voids the round instead of dealing it
    await at(round.settleMs + VOID_GRACE_MS + 1);
    await alice.getByText(GameMessages.voided(round.roundId, '结算超时')).waitFor();
    await alice.waitForTimeout(400); // the toast fades in: photographed once it is opaque
    await alice.screenshot({ path: join(OUTPUT_DIR, 'games-baccarat-void-notice.png') });
    await expect.poll(() => text(alice, 'balance')).toBe(before);
    await snap(alice, 'games-baccarat-void');
    const ledger = await playerLedger(stack.app, aliceName.toLowerCase());
    expect(formatMoney(ledger.balanceMinor)).toBe(before);
  }, 60_000);
});
