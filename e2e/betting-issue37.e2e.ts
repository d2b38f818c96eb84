import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, OUTPUT_DIR, phone, snap } from './support/browser';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

/**
 * What the third review found on the play screens (issue 37 §3), as the demo player01 (rebate 7.5%)
 * meets them on a phone: the rebate range on K3, /lotteryHall?key=<lotteryType>, 开奖历史 on one
 * line per issue, a word for a pick past the play's maximum, the manual-entry separators, and the
 * mode picker's close button. Screens are saved under e2e/output/issue37-*.
 */
let stack: BettingStack;
let browser: Browser;
let page: Page;
const CODES = ['1403', '1003', '1705', '1305'];

beforeAll(async () => {
  stack = await startBettingStack({ startMs: beijingToday(14, 0), lotteries: CODES.map(lotteryOf) });
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  await page.goto('/login');
  await logIn(page, 'player01', DEMO_PASSWORD);
  await waitForPath(page, '/home');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const toast = (text: string) => page.locator('.adm-toast-main', { hasText: text }).waitFor();
/** A screenshot with the toast still up (snap waits for toasts to leave). */
const snapWithToast = (name: string) => page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });

async function openPlay(family: string, code: string): Promise<void> {
  await page.goto(`/lottery/${family}/${code}`);
  await page
    .getByTestId('countdown')
    .filter({ hasText: /\d\d:\d\d:\d\d|预售中/ })
    .waitFor({ timeout: 20_000 });
}

async function choosePlay(code: string): Promise<void> {
  await page.locator('.lottery-header-play').click();
  await page.locator(`.play-option[data-play="${code}"]`).click();
}

describe('the K3 rebate', () => {
  it('offers player01 the whole 0.0%-7.5% range, and the chip shows the part taken', async () => {
    await openPlay('K3', '1403');
    const chip = page.getByTestId('rebate-chip');
    await expect.poll(() => chip.isEnabled()).toBe(true);
    await expect.poll(() => chip.textContent()).toBe('返点 0-0.0%');
    await chip.click();
    const sheet = page.locator('.rebate-sheet .adm-popup-body').last();
    await sheet.getByText('选择返点（0.0%-7.5%）').waitFor();
    // 0.0% to 7.5% in half-percent steps, then 取消
    const items = sheet.locator('.adm-action-sheet-button-item');
    await expect
      .poll(() => items.allTextContents())
      .toEqual([...Array.from({ length: 16 }, (_, i) => `${(i / 2).toFixed(1)}%`), '取消']);
    const whole = sheet.locator('.adm-action-sheet-button-item', { hasText: /^7\.5%$/ });
    await page.waitForTimeout(400);
    await snap(page, 'issue37-k3-rebate-sheet');
    await whole.click();
    await expect.poll(() => chip.textContent()).toBe('返点 0-7.5%');
  });
});

describe('the lottery hall', () => {
  it('/lotteryHall?key=8 opens 六合彩 (key = lotteryType)', async () => {
    await page.goto('/lotteryHall?key=8');
    await expect.poll(() => page.locator('.adm-capsule-tabs-tab-active').textContent()).toBe('六合彩');
    await page.locator('.lottery-grid').getByText('五分六合彩').waitFor();
    await snap(page, 'issue37-hall-key-8');
  });
});

describe('开奖历史', () => {
  it('writes each issue and its 期 on one line', async () => {
    await openPlay('K3', '1403');
    await page.getByTestId('results-strip').filter({ hasText: '开奖' }).waitFor();
    await page.getByTestId('results-strip').click();
    const issue = page.locator('.results-history .history-issue').first();
    await issue.waitFor();
    await page.waitForTimeout(400);
    // one line: as tall as one line of its 12px text
    const box = await issue.boundingBox();
    expect(box!.height).toBeLessThan(24);
    expect(await issue.textContent()).toMatch(/^\d+期$/);
    await snap(page, 'issue37-results-history');
  });
});

describe('a pick past the play maximum is refused with a word', () => {
  it('a 9th 快乐8 number: 最多选择8个号码', async () => {
    await openPlay('KL8', '1705');
    await choosePlay('A11');
    for (const n of ['01', '02', '03', '04', '05', '06', '07', '08'])
      await page.locator(`.ball-grid [data-value="${n}"]`).first().click();
    await page.locator('.ball-grid [data-value="09"]').first().click();
    await toast('最多选择8个号码');
    await snapWithToast('issue37-kl8-ninth');
    expect(await page.locator('.ball-grid [data-value="09"]').first().getAttribute('aria-pressed')).not.toBe(
      'true',
    );
  });

  it('an 11th 合肖 zodiac: 合肖中需选择2-10个生肖', async () => {
    await openPlay('LHC', '1305');
    await choosePlay('E03');
    const zodiacs = page.locator('.option-grid .option-btn');
    for (let i = 0; i < 10; i++) await zodiacs.nth(i).click();
    await zodiacs.nth(10).click();
    await toast('合肖中需选择2-10个生肖');
    await snapWithToast('issue37-lhc-eleventh');
    expect(await zodiacs.nth(10).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('manual entry', () => {
  it('says what separates numbers and what separates tickets', async () => {
    await openPlay('SSC', '1003');
    await choosePlay('D12');
    const box = page.locator('.manual-input textarea');
    await box.waitFor();
    expect(await box.getAttribute('placeholder')).toBe(
      '每注3个数字连写，如123；注与注之间用逗号、分号或空格隔开',
    );
    await box.click();
    await page
      .locator('.manual-hint', { hasText: '只保留数字、逗号、分号和空格；全角逗号、分号自动转换' })
      .waitFor();
    await box.fill('123 456;789');
    await expect.poll(() => page.getByTestId('bet-count').textContent()).toBe('3');
    await snap(page, 'issue37-manual-hint');
  });
});

describe('the mode picker', () => {
  it('has a title and a close button', async () => {
    await openPlay('SSC', '1003');
    await page.locator('.lottery-header-play').click();
    const panel = page.locator('.play-panel').last();
    await panel.getByText('选择玩法').waitFor();
    await page.waitForTimeout(400);
    await snap(page, 'issue37-mode-picker');
    await panel.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => page.locator('.play-panel:visible').count()).toBe(0);
  });
});
