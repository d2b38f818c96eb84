import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

/**
 * The stock index screens (issue 15, docs/stocks.md) at phone size: the house two-minute code 1902
 * draws on its own through the morning; from its play page 指数走势 opens /stocks, whose latest
 * index, change and draws are the database's, and whose two charts are drawn by uPlot on canvases.
 */
const STOCK = '1902';
let stack: BettingStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startBettingStack({ startMs: beijingToday(10, 0), lotteries: [lotteryOf(STOCK)] });
  stack.clock.jumpTo(stack.clock.now() + 10 * 60_000);
  await stack.app.scheduler.tick();
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

describe('stock index screens', () => {
  it('the play page leads to the index chart, whose figures are the draws in the database', async () => {
    const rows = await stack.app.ctx.database.query<{ issue: string; index_value: string; numbers: string }>(
      `SELECT issue, index_value, numbers FROM draw_issue WHERE lottery_code = $1 ORDER BY issue DESC LIMIT 2`,
      [STOCK],
    );
    expect(rows.length).toBe(2);
    const [latest, before] = rows as [(typeof rows)[0], (typeof rows)[0]];

    await page.goto(`/lottery/STOCK/${STOCK}`);
    await page.getByRole('link', { name: '指数走势 ›' }).click();
    await waitForPath(page, '/stocks');
    expect(new URL(page.url()).searchParams.get('code')).toBe(STOCK);

    await expect.poll(() => page.getByTestId('stock-index').textContent()).toBe(latest.index_value);
    const change = (Number(latest.index_value) - Number(before.index_value)).toFixed(2);
    await page
      .getByText(new RegExp(`^\\${Number(change) < 0 ? '' : '+'}${change.replace('-', '-')} \\(`))
      .waitFor();
    await page.getByText(`第${latest.issue}期`).waitFor();
    await page.locator('.stock-draws li').first().getByText(latest.issue).waitFor();
    await page.locator('.stock-draws li').first().getByText(latest.numbers.replace(/,/g, ' ')).waitFor();

    // two uPlot charts, each a canvas with ink on it
    await expect.poll(() => page.locator('.stock-chart canvas').count()).toBe(2);
    const inked = await page.locator('.stock-chart canvas').evaluateAll((canvases) =>
      canvases.map((c) => {
        const canvas = c as HTMLCanvasElement;
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let ink = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink++;
        return ink;
      }),
    );
    expect(inked.every((n) => n > 500)).toBe(true);
    await snap(page, 'stocks');

    await page.getByRole('button', { name: '去投注' }).click();
    await waitForPath(page, `/lottery/STOCK/${STOCK}`);
  });
});
