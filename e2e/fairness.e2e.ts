import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';

/**
 * /fairness on a phone: the scheme explained, the day's chain head shown, and a drawn issue
 * verified in the browser (packages/rules verifyDraw) against the published head.
 */
let stack: BettingStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startBettingStack({
    // 23:58 Beijing: the scheduler publishes tomorrow's chain heads ahead of their first issue;
    // five minutes later three one-minute issues of the new day are drawn.
    startMs: beijingToday(23, 58),
    lotteries: [lotteryOf('1401'), lotteryOf('1002')],
  });
  stack.clock.jumpTo(stack.clock.now() + 5 * 60_000);
  for (let i = 0; i < 5; i++) {
    const report = await stack.app.scheduler.tick();
    if (report.drawn === 0 && report.settled === 0) break;
  }
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('/fairness', () => {
  it('explains the scheme and shows the chain head published before the first issue', async () => {
    await page.goto('/fairness?lotteryCode=1401');
    await page.getByText('公平性说明').waitFor();
    const head = page.getByTestId('chain-head').locator('.hex');
    await head.waitFor();
    expect(await head.textContent()).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => page.getByTestId('chain-head').textContent()).toContain('首期开售前已公布');
    await snap(page, 'fairness');
  });

  it('verifies a drawn issue in the browser', async () => {
    const first = page.locator('.fairness-recent-item').first();
    await first.waitFor();
    const published = (await first.locator('.fairness-numbers').textContent()) ?? '';
    await first.click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    await expect.poll(() => result.locator('.fairness-pass').textContent()).toContain('验证通过');
    await expect.poll(() => page.getByTestId('computed-numbers').textContent()).toBe(published);
    await snap(page, 'fairness-verified');
  });

  it('switches lottery and verifies a typed issue', async () => {
    await page.getByRole('combobox', { name: '彩种' }).selectOption('1002');
    const item = page.locator('.fairness-recent-item').first();
    await item.waitFor();
    const issue = ((await item.locator('span').first().textContent()) ?? '').replace('期', '');
    await page.getByRole('textbox', { name: '期号' }).fill(issue);
    // the lottery issue box (the table-game section below has a 验证 of its own)
    await page.getByTestId('issue-verify').getByRole('button', { name: '验证' }).click();
    await expect
      .poll(() => page.getByTestId('verify-result').locator('.fairness-pass').textContent())
      .toContain('验证通过');
  });

  it('says so when an issue is not drawn yet', async () => {
    await page.getByRole('textbox', { name: '期号' }).fill('209912310001');
    const box = page.getByTestId('issue-verify');
    await box.getByRole('button', { name: '验证' }).click();
    await box.locator('.fairness-fail').waitFor();
    expect(await box.locator('.fairness-fail').textContent()).toBeTruthy();
  });
});
