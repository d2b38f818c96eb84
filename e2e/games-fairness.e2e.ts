import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, roundAt } from '../apps/server/src/modules/games/testing';
import { launch, phone, snap } from './support/browser';
import { type ClockedApp, startClockedApp } from './support/clocked-app';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * A table-game round verified on /fairness (docs/games-web.md "Fairness"): a player plays a baccarat
 * round, opens it from 棋牌记录 → detail → 去公平性页面验证本局, and the page recomputes the deal
 * in the browser from the revealed secret and walks the chain to the head: 验证通过. A tampered
 * result, then a tampered secret, fail.
 */
let stack: ClockedApp;
let browser: Browser;
let page: Page;
const name = uniqueAccount('gmf');

async function at(ms: number) {
  stack.clock.jumpTo(ms);
  await stack.app.gameLoop.tick();
}
// biome-ignore lint/performance/useDomNodeTextContent: rendered text, as the player reads it
const text = (testId: string) => page.getByTestId(testId).innerText();

beforeAll(async () => {
  stack = await startClockedApp('games-fairness');
  await stack.app.ctx.database.query(
    `UPDATE tenants SET config = config || '{"gamesEnabled": true}'::jsonb WHERE code = 'demo'`,
  );
  stack.app.ctx.tenant.invalidate();
  browser = await launch();
  page = (await phone(browser, stack.baseUrl)).page;
  await page.goto('/register');
  await register(page, name, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  const rows = await stack.app.ctx.database.query<{ id: string }>(
    'SELECT id::text FROM users WHERE user_name = $1',
    [name.toLowerCase()],
  );
  await fund(stack.app.ctx.db, (await stack.app.ctx.tenant.get())!.id, Number(rows[0]!.id), 100);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('table-game rounds on /fairness', () => {
  it('verifies a played round from its record and fails a tampered one', async () => {
    const round = roundAt(roundAt(stack.clock.now()).nextOpenMs);
    await at(round.openMs + 200);
    await page.goto('/games/multiplayer/baccarat/common');
    await expect.poll(() => text('phase')).toBe('下注中');
    await page.locator('[data-area="banker"]').click();
    await expect.poll(() => text('bet-message')).toContain('已下注');
    await at(round.closeMs + 100);
    await at(round.dealMs + 100);
    await at(round.settleMs + 100);
    await expect.poll(() => text('phase')).toBe('派奖中');

    await page.goto('/ChessRecord');
    await page.getByTestId('chess-row').first().click();
    await expect.poll(() => text('verdict')).toContain('验证通过');
    await page.getByTestId('verify-link').click();
    await waitForPath(page, '/fairness');
    await expect.poll(() => text('game-verdict'), { timeout: 15_000 }).toContain('验证通过');
    const published = await stack.app.ctx.database.query<{ result: string; secret: string }>(
      `SELECT result, secret FROM game_round WHERE game_code = 'baccarat' AND round_id = $1`,
      [round.roundId],
    );
    expect(await text('game-computed')).toBe(published[0]!.result);
    expect(await page.locator('input[aria-label="本局密钥"]').inputValue()).toBe(published[0]!.secret);
    await page.getByTestId('game-rounds').scrollIntoViewIfNeeded();
    await snap(page, 'games-fairness-pass');
    await page.screenshot({ path: '/tmp/b3-games-fairness-pass.png' });

    // a tampered result: the deal recomputed from the secret differs
    const cards = published[0]!.result.split(',');
    const tampered =
      [...cards].reverse().join(',') === published[0]!.result
        ? `${cards.join(',')},X`
        : [...cards].reverse().join(',');
    await page.locator('input[aria-label="公布结果"]').fill(tampered);
    await page.getByRole('button', { name: '按上面的值重新验证' }).click();
    await expect.poll(() => text('game-verdict')).toContain('结果与公布的结果不一致');
    await page.screenshot({ path: '/tmp/b3-games-fairness-tampered.png' });
    // the real result back, a secret changed in its last digit: the chain no longer links
    await page.locator('input[aria-label="公布结果"]').fill(published[0]!.result);
    const secret = published[0]!.secret;
    await page
      .locator('input[aria-label="本局密钥"]')
      .fill(`${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`);
    await page.getByRole('button', { name: '按上面的值重新验证' }).click();
    await expect.poll(() => text('game-verdict')).toContain('验证失败：密钥与上一密钥不相连');

    // an unsettled or unknown round is refused with the server's words
    await page.locator('input[aria-label="局号"]').fill('20990101-0001');
    await page.getByTestId('game-rounds').getByRole('button', { name: '验证', exact: true }).click();
    await expect.poll(() => text('game-verify-error')).toBe('该局不存在或无人投注');
  }, 180_000);
});
