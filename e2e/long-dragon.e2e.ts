import type { BetListData } from '@lottery/contract/betting';
import type { LongDragonEntry } from '@lottery/contract/long-dragon';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * A long-dragon bet on a phone-sized Chromium: three 1-minute house lotteries (PK10, SSC, BJ28)
 * draw a dozen issues, so the list has streaks (27 + 13 + 2 tracks, each a run of three or more
 * with chance 1/4); a new player opens /longQueue, picks a button, enters an amount, sees 最高可中,
 * bets through 投注确认, and finds the bet in 我的投注 and in /bettingRecord with its amount, the
 * balance down by it.
 */

const CODES = ['1201', '1002', '1801'];
const PK10 = lotteryOf('1201');
const FUND_YUAN = 100;
const AMOUNT_YUAN = 10;

let stack: BettingStack;
let browser: Browser;
let page: Page;
const userName = uniqueAccount('ld');

async function api<T>(path: string): Promise<T> {
  const body = await page.evaluate(async (p) => (await fetch(`/v1/${p}`)).json(), path);
  const envelope = body as { code: number; msg: string; data: T };
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

beforeAll(async () => {
  stack = await startBettingStack({ startMs: beijingToday(20, 40), lotteries: CODES.map(lotteryOf) });
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  await page.goto('/register');
  await register(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await stack.fund(userName, FUND_YUAN);
  // A dozen issues drawn, then the clock 2 s into a fresh issue: about 50 s to bet on it.
  stack.clock.jumpTo(stack.clock.now() + 12 * 60_000);
  await stack.app.scheduler.tick();
  stack.clock.jumpTo(issueAfter(PK10, currentIssue(PK10, stack.clock.now())).startMs + 2000);
  await stack.app.scheduler.tick();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('long dragon', () => {
  it('bets on a streak from /longQueue and finds it in 我的投注 and the bet records', async () => {
    await page.goto('/longQueue');
    const items = page.getByTestId('ld-item');
    await items.first().waitFor();
    const list = await api<LongDragonEntry[]>('lottery/longDragon?type=1');
    expect(list.length).toBeGreaterThan(0);
    expect(await items.count()).toBe(list.length);
    // Longest first, every run at least three issues, each on the issue now on sale.
    expect(list.map((e) => e.times)).toEqual([...list.map((e) => e.times)].sort((a, b) => b - a));
    for (const e of list) {
      expect(e.times).toBeGreaterThanOrEqual(3);
      expect(e.currIssue).toBe(currentIssue(lotteryOf(e.lotteryCode), stack.clock.now()).issue);
    }
    const entry = list[0]!;
    const card = items.first();
    await expect.poll(() => card.textContent()).toContain(entry.lotteryName);
    expect(await card.textContent()).toContain(`${entry.name} ${entry.desc}`);
    expect(await card.textContent()).toContain(`${entry.times}期`);
    await expect.poll(() => card.locator('.ld-countdown').textContent()).toMatch(/^00:00:\d\d$/);
    await snap(page, 'long-dragon-list');

    // Bet against the run: the second button of the item whose desc is its first, or the other way.
    const option = entry.options[0]!.label === entry.desc ? 1 : 0;
    const button = card.locator('.ld-button').nth(option);
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await button.click(); // tapping again deselects
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: '马上投注' }).click();
    await page.getByText('请选择一注号码投注').waitFor();
    await button.click();
    await page.getByRole('button', { name: '马上投注' }).click();
    await page.getByText('投注金额不能为空').waitFor();
    // Digits only, and the box shows the amount used (issue 37): 1.5 is cleared, never 15.
    const amountBox = page.getByRole('textbox', { name: '单注金额' });
    for (const bad of ['1.5', '2.', 'abc', '-1']) {
      await amountBox.fill(bad);
      expect(await amountBox.inputValue()).toBe('');
      expect(await page.getByTestId('ld-max-win').textContent()).toBe('0.00');
    }
    await amountBox.fill(String(AMOUNT_YUAN));
    const odds = parseMoney(entry.options[option]!.odds, 4);
    const maxWin = formatMoney(((BigInt(AMOUNT_YUAN) * odds) / 100n) * 100n);
    expect(await page.getByTestId('ld-max-win').textContent()).toBe(maxWin);
    expect(await page.getByTestId('ld-pick').textContent()).toBe(
      `${entry.lotteryName} ${entry.name} ${entry.options[option]!.label}`,
    );
    await snap(page, 'long-dragon-picked');

    await page.getByRole('button', { name: '马上投注' }).click();
    // (.adm-dialog itself has no box: wait for its buttons.)
    const confirm = page.locator('.adm-dialog', { hasText: '投注确认' });
    const place = confirm.getByRole('button', { name: '确定' });
    await place.waitFor();
    expect(await confirm.textContent()).toContain(`${AMOUNT_YUAN}元`);
    expect(await confirm.textContent()).toContain(`${maxWin}元`);
    await snap(page, 'long-dragon-confirm');
    await place.click();
    const share = page
      .locator('.adm-dialog', { hasText: '投注成功' })
      .getByRole('button', { name: '分享注单' });
    await share.waitFor();
    await snap(page, 'long-dragon-success');
    // 分享注单 opens the share flow (修改分享注单金额 first), as on the play page.
    await share.click();
    const edit = page.getByTestId('share-edit');
    await edit.getByText('修改分享注单金额').waitFor();
    expect(await edit.getByTestId('share-edit-total').textContent()).toContain(`${AMOUNT_YUAN}`);
    await snap(page, 'long-dragon-share');
    await edit.getByRole('button', { name: '取消' }).click();
    await edit.waitFor({ state: 'hidden' });
    // The selection is cleared after the bet.
    expect(await page.getByTestId('ld-pick').textContent()).toBe('请选择号码');

    // The server took exactly the amount, on the issue on sale, as a normal bet of the play.
    const bets = await api<BetListData>('betting/getBetting?period=today&pageSize=10');
    expect(bets.rows).toHaveLength(1);
    const bet = bets.rows[0]!;
    expect(bet).toMatchObject({
      lotteryCode: entry.lotteryCode,
      issue: entry.currIssue,
      bettingAmount: formatMoney(BigInt(AMOUNT_YUAN) * 10_000n),
      returnAmount: '等待开奖',
    });
    const { balance } = await api<{ balance: string }>('balance/queryBalanceFront');
    expect(parseMoney(balance)).toBe(BigInt(FUND_YUAN - AMOUNT_YUAN) * 10_000n);

    await page.getByRole('tab', { name: '我的投注' }).click();
    const row = page.getByTestId('ld-bet').first();
    await row.waitFor();
    expect(await page.getByTestId('ld-bet').count()).toBe(1);
    expect(await row.textContent()).toContain(entry.lotteryName);
    expect(await row.textContent()).toContain(`${formatMoney(BigInt(AMOUNT_YUAN) * 10_000n)}元`);
    expect(await row.textContent()).toContain('等待开奖');
    await snap(page, 'long-dragon-my-bets');

    await page.getByRole('link', { name: '投注记录 ›' }).click();
    await waitForPath(page, '/bettingRecord');
    const record = page.locator('.record-row').first();
    await record.waitFor();
    expect(await record.textContent()).toContain(entry.lotteryName);
    expect(await record.textContent()).toContain(formatMoney(BigInt(AMOUNT_YUAN) * 10_000n));
    await snap(page, 'long-dragon-betting-record');
  });

  it('explains the helper on /longInfo', async () => {
    await page.goto('/longQueue');
    await page.getByRole('button', { name: '长龙说明' }).click();
    await waitForPath(page, '/longInfo');
    await page.getByRole('heading', { name: '什么是长龙' }).waitFor();
    await snap(page, 'long-dragon-info');
  });

  it('opens the same helper as a popup in a chat room', async () => {
    await page.goto('/chat/lobby');
    await page.getByRole('button', { name: '长龙' }).click();
    const popup = page.locator('.ld-popup');
    await popup.getByTestId('ld-item').first().waitFor();
    const list = await api<LongDragonEntry[]>('lottery/longDragon?type=1');
    expect(await popup.getByTestId('ld-item').count()).toBe(list.length);
    const button = popup.getByTestId('ld-item').first().locator('.ld-button').first();
    await button.click();
    await popup.getByRole('textbox', { name: '单注金额' }).fill('5');
    const odds = parseMoney(list[0]!.options[0]!.odds, 4);
    expect(await popup.getByTestId('ld-max-win').textContent()).toBe(
      formatMoney(((5n * odds) / 100n) * 100n),
    );
    await snap(page, 'long-dragon-chat-popup');
    // The footer link leaves the room for the records, closing the popup.
    await popup.getByRole('link', { name: '投注记录 ›' }).click();
    await waitForPath(page, '/bettingRecord');
    await expect.poll(() => page.locator('.ld-popup:visible').count()).toBe(0);
  });
});
