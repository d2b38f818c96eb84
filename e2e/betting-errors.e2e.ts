import { currentIssue } from '@lottery/rules/schedule';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * The play screen's refusals and limits as a player meets them (spec/betting.md §2, §5, §8):
 * unknown lottery code, 余额不足 with 充值, 最多10000倍, 目前只支持元哦, 机选 into the basket.
 */
let stack: BettingStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startBettingStack({ startMs: beijingToday(14, 0), lotteries: [lotteryOf('1003')] });
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  await page.goto('/register');
  await register(page, uniqueAccount('err'), DEMO_PASSWORD);
  await waitForPath(page, '/home');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text }).waitFor();

describe('the play screen refuses what the spec refuses', () => {
  it('an unknown code for the family says 当前彩种不存在 and goes home', async () => {
    await page.goto('/lottery/K3/1003');
    await toast(page, '当前彩种不存在');
    await waitForPath(page, '/home');
  });

  it('caps the multiplier with 最多10000倍 and keeps 元 while cent mode is off', async () => {
    await page.goto('/lottery/SSC/1003');
    await page
      .getByTestId('countdown')
      .filter({ hasText: /\d\d:\d\d:\d\d/ })
      .waitFor({ timeout: 20_000 });
    await page.locator('.pick-row[data-row="万位"] [data-value="1"]').click();
    const multiplier = page.getByRole('textbox', { name: '倍数' });
    await multiplier.fill('20000');
    await multiplier.blur();
    await toast(page, '最多10000倍');
    await expect.poll(() => multiplier.inputValue()).toBe('10000');
    await expect.poll(() => page.getByTestId('bet-amount').textContent()).toBe('20000.00');
    await page.getByRole('button', { name: '角' }).click();
    await toast(page, '目前只支持元哦');
    await expect.poll(() => page.locator('.unit-btn--on').textContent()).toBe('元');
    await multiplier.fill('1');
    await multiplier.blur();
  });

  it('机选5注 fills the basket with five priced lines', async () => {
    await page.getByLabel('号码栏').click();
    await page.getByRole('button', { name: '机选5注' }).click();
    await expect.poll(() => page.locator('.basket-line').count()).toBeGreaterThanOrEqual(1);
    // Identical quick picks merge into one line with a higher multiplier: the money stays 5 × 2 yuan.
    await expect.poll(() => page.getByTestId('basket-amount').textContent()).toBe('10.00');
    await snap(page, 'betting-basket-quick');
  });

  it('余额不足 offers 充值 and goes to /recharge', async () => {
    await page.locator('.basket-panel').getByRole('button', { name: '立即投注' }).click();
    const confirm = page
      .locator('.adm-dialog', { hasText: '投注确认' })
      .getByRole('button', { name: '立即投注' });
    await confirm.click();
    const recharge = page
      .locator('.adm-dialog', { hasText: '余额不足' })
      .getByRole('button', { name: '充值' });
    await recharge.waitFor();
    await snap(page, 'betting-insufficient');
    await recharge.click();
    await waitForPath(page, '/recharge');
  });
});

describe('a picker for every input kind', () => {
  const choosePlay = async (page: Page, code: string) => {
    await page.locator('.lottery-header-play').click();
    await page.locator(`.play-option[data-play="${code}"]`).click();
  };
  const count = async (page: Page) => Number(await page.getByTestId('bet-count').textContent());

  it('K3 three-different: dice faces', async () => {
    await page.goto('/lottery/K3/1403');
    await choosePlay(page, 'D10');
    for (const face of ['1', '2', '3', '4']) await page.locator(`.dice-pick[data-value="${face}"]`).click();
    await expect.poll(() => count(page)).toBe(4);
    await snap(page, 'picker-k3-dice');
  });

  it('11选5 banker and drag', async () => {
    await page.goto('/lottery/SYX5/1103');
    await choosePlay(page, 'T13');
    await page.locator('.pick-row[data-row="胆码"] [data-value="01"]').click();
    for (const n of ['02', '03', '04'])
      await page.locator(`.pick-row[data-row="拖码"] [data-value="${n}"]`).click();
    // C(3, 2) = 3 notes.
    await expect.poll(() => count(page)).toBe(3);
    await snap(page, 'picker-syx5-banker');
  });

  it('SSC manual entry, cleaned as typed', async () => {
    await page.goto('/lottery/SSC/1003');
    await choosePlay(page, 'D12');
    const box = page.locator('.manual-input textarea');
    await box.fill('  123，456；78a9');
    await expect.poll(() => box.inputValue()).toBe('123,456;789');
    await expect.poll(() => count(page)).toBe(3);
    await snap(page, 'picker-ssc-manual');
  });

  it('PK10 two-sides: option buttons with odds per slot', async () => {
    await page.goto('/lottery/PK10/1203');
    await choosePlay(page, 'G11');
    await page.locator('.pick-row[data-row="冠军"] .option-btn[data-value="大"]').click();
    await page.locator('.pick-row[data-row="亚军"] .option-btn[data-value="龙"]').click();
    await expect.poll(() => count(page)).toBe(2);
    await expect
      .poll(() => page.locator('.option-btn--on .option-odds').first().textContent())
      .toMatch(/^\d+\.\d+$/);
    await snap(page, 'picker-pk10-options');
  });

  it('the play-mode panel lists the groups', async () => {
    await page.locator('.lottery-header-play').click();
    await page.locator('.play-group-title', { hasText: '定位胆' }).waitFor();
    await snap(page, 'picker-play-panel');
  });
});

describe('issue rollover', () => {
  it('announces n期已封盘，当前为m期 when sales close, for 6 seconds', async () => {
    // 10 s before the issue on sale closes (the page measures the server clock when it opens)
    stack.clock.jumpTo(currentIssue(lotteryOf('1003'), stack.clock.now()).closeMs - 10_000);
    await page.goto('/lottery/SSC/1003');
    const bar = page.getByTestId('countdown');
    await bar.filter({ hasText: /\d\d:\d\d:\d\d/ }).waitFor({ timeout: 20_000 });
    const before = ((await bar.locator('.countdown-issue').textContent()) ?? '').replace(/\D/g, '');
    const dialog = page.locator('.adm-dialog-content', { hasText: '期已封盘，当前为' });
    await dialog.waitFor({ timeout: 30_000 });
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(`${before}期已封盘`);
    const after = ((await bar.locator('.countdown-issue').textContent()) ?? '').replace(/\D/g, '');
    expect(text).toContain(`当前为${after}期`);
    expect(Number(after)).toBe(Number(before) + 1);
    await snap(page, 'betting-rollover');
    await dialog.waitFor({ state: 'hidden', timeout: 9_000 });
  }, 120_000);
});
