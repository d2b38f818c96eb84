import type { ChaseDetailData } from '@lottery/contract/chase';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * 追号 as a player meets it (issue 11, spec/betting.md §2, §5): the basket's 追号 toggle, the chase
 * settings popup (steppers, 中奖即停 / 中奖循环 exclusive, 翻倍), the summary 投N倍，追N期 in the basket
 * and the confirm, 查看注单 after success; then, on the test clock, a chase of 5 issues that wins its
 * first issue stops, and the 4 orders left come back as 追号停止返款.
 */
let stack: BettingStack;
let browser: Browser;
let page: Page;
const userName = uniqueAccount('chs');
const SSC = lotteryOf('1003'); // 三分时时彩: the 1-minute ones play in fast mode, without chase

beforeAll(async () => {
  stack = await startBettingStack({ startMs: beijingToday(14, 0), lotteries: [SSC] });
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  await page.goto('/register');
  await register(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await stack.fund(userName, 1000);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function api<T>(path: string): Promise<T> {
  const body = await page.evaluate(async (p) => (await fetch(`/v1/${p}`)).json(), path);
  const envelope = body as { code: number; msg: string; data: T };
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

describe('chase (追号)', () => {
  it('chases 5 issues from the basket, stops after the first issue wins, and refunds the rest', async () => {
    // the start of a fresh issue: a whole sales period ahead
    const next = issueAfter(SSC, currentIssue(SSC, stack.clock.now()));
    stack.clock.jumpTo(next.startMs + 1000);
    await stack.app.scheduler.tick();
    await page.goto(`/lottery/SSC/${SSC.code}`);
    await page
      .getByTestId('countdown')
      .filter({ hasText: /\d\d:\d\d:\d\d/ })
      .waitFor({ timeout: 20_000 });

    // 定位胆, every digit of 万位: it wins whatever is drawn
    await page.locator('.pick-row[data-row="万位"] .quick-btn', { hasText: '全' }).click();
    await page.getByRole('button', { name: '添加号码' }).click();
    await page.getByLabel('号码栏').click();
    const basket = page.locator('.basket-panel');
    await expect.poll(() => basket.locator('.basket-line').count()).toBe(1);
    await expect.poll(() => page.getByTestId('basket-amount').textContent()).toBe('20.00');

    await basket.getByRole('button', { name: '追号' }).click();
    await expect.poll(() => page.getByTestId('chase-summary').textContent()).toContain('投1倍，追10期');
    await expect.poll(() => page.getByTestId('basket-amount').textContent()).toBe('200.00');
    await page.getByRole('button', { name: '追号设置' }).click();
    const popup = page.locator('.chase-popup');
    await popup.getByRole('textbox', { name: '追号期数' }).fill('60');
    await popup.getByRole('textbox', { name: '追号期数' }).blur();
    await page.locator('.adm-toast-main', { hasText: '最多50期' }).waitFor();
    await popup.getByRole('textbox', { name: '追号期数' }).fill('5');
    await popup.getByRole('textbox', { name: '追号期数' }).blur();
    // 中奖循环 and 中奖即停 exclude each other; 中奖即停 is on by default
    const stop = popup.locator('.adm-checkbox', { hasText: '中奖即停' });
    const loop = popup.locator('.adm-checkbox', { hasText: '中奖循环' });
    await loop.click();
    await expect.poll(() => stop.getAttribute('class')).not.toContain('adm-checkbox-checked');
    await stop.click();
    await expect.poll(() => loop.getAttribute('class')).not.toContain('adm-checkbox-checked');
    // 翻倍 every 2 issues ×2: 1, 1, 2, 2, 4 → 10 × 20 yuan
    await popup.locator('.adm-checkbox', { hasText: '翻倍' }).click();
    await expect.poll(() => popup.locator('.chase-row:not(.chase-head)').count()).toBe(5);
    await expect.poll(() => page.getByTestId('chase-total').textContent()).toBe('200.00');
    await snap(page, 'chase-settings');
    await popup.locator('.adm-checkbox', { hasText: '翻倍' }).click();
    await expect.poll(() => page.getByTestId('chase-total').textContent()).toBe('100.00');
    await popup.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.getByTestId('chase-summary').textContent()).toContain('投1倍，追5期');
    await expect.poll(() => page.getByTestId('basket-amount').textContent()).toBe('100.00');
    await snap(page, 'chase-basket');

    await basket.getByRole('button', { name: '立即投注' }).click();
    const confirm = page.locator('.adm-dialog', { hasText: '投注确认' });
    await confirm.getByText('投1倍，追5期').waitFor();
    await snap(page, 'chase-confirm');
    const responsePromise = page.waitForResponse((r) =>
      r.url().includes(`/v1/enpath/${Buffer.from('betting/addChaseBetting').toString('base64')}`),
    );
    await confirm.getByRole('button', { name: '立即投注' }).click();
    const reply = (await (await responsePromise).json()) as {
      code: number;
      msg: string;
      data: { chaseId: string; startIssue: string; betMoney: string };
    };
    expect(reply.code, reply.msg).toBe(1);
    expect(reply.data.betMoney).toBe('100.00');
    await page.getByTestId('footer-balance').filter({ hasText: '900.00' }).waitFor();
    const view = page
      .locator('.adm-dialog', { hasText: '投注成功' })
      .getByRole('button', { name: '查看注单' });
    await view.waitFor();
    await snap(page, 'chase-success');
    await view.click();
    await waitForPath(page, `/chaseNumberRecordDetail/${reply.data.chaseId}`);
    await page.getByText('未开始').first().waitFor();
    await snap(page, 'chase-detail-pending');

    // the first issue draws: 万位 is always one of 0-9, so the chase wins and stops
    stack.clock.jumpTo(issueTimes(SSC, reply.data.startIssue)!.drawMs + 1000);
    await stack.app.scheduler.tick();
    const detail = await api<ChaseDetailData>(`betting/getChaseDetail?id=${reply.data.chaseId}`);
    expect(detail).toMatchObject({ stateName: '已完成', stopReason: 'win', refundMoney: '80.00' });
    expect(detail.orders.map((o) => o.stateName)).toEqual(['已中奖', '已撤单', '已撤单', '已撤单', '已撤单']);
    const win = parseMoney(detail.orders[0]!.bonus);
    await page.reload();
    await page.getByText('已完成').first().waitFor();
    await snap(page, 'chase-detail-stopped');
    expect(win).toBeGreaterThan(0n);
    const { balance } = await api<{ balance: string }>('balance/queryBalanceFront');
    expect(balance).toBe(formatMoney(900n * 10_000n + win + 80n * 10_000n));
  });
});
