import type { AddBettingData } from '@lottery/contract/betting';
import type { AddChaseBettingData, ChaseBettingData } from '@lottery/contract/chase';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import type { SettlementSummaryData, WaterDetailData } from '@lottery/contract/records';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INVITE_CODE } from '../apps/server/src/db/seed';
import { line, seeded } from '../apps/server/src/modules/betting/testing';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * 今日已结, 返水明细 and the chase records as a player meets them (issue 11, spec/platform.md §2,
 * spec/betting.md §3-§5), at 390x844: bets that won and lost, settled by the real scheduler, and a
 * chase placed through the API and cancelled on its detail screen. Every figure on screen is
 * checked against the ledger rows in the database.
 */
const K3 = '1401';
const k3 = lotteryOf(K3);
let stack: BettingStack;
let browser: Browser;
let page: Page;
let userId = 0;
const userName = uniqueAccount('rec');

beforeAll(async () => {
  stack = await startBettingStack({ startMs: beijingToday(14, 0), lotteries: [k3] });
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  await page.goto('/register');
  // Through the demo invite code: the player has a rebate (7.5%) to take as bet rebate (501).
  await page.getByPlaceholder('邀请码（选填）').fill(DEMO_INVITE_CODE);
  await register(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await stack.fund(userName, 1000);
  const rows = await stack.app.ctx.database.query<{ id: string }>(
    'SELECT id::text FROM users WHERE user_name = $1',
    [userName.toLowerCase()],
  );
  userId = Number(rows[0]!.id);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** A call as the logged-in browser makes it (same cookie), form-encoded. */
async function post<T>(
  path: string,
  fields: Record<string, string>,
): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ([p, f]) => {
      const res = await fetch(`/v1/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(f).toString(),
      });
      return res.json();
    },
    [path, fields] as const,
  );
}

async function get<T>(path: string): Promise<T> {
  const body = await page.evaluate(async (p) => (await fetch(`/v1/${p}`)).json(), path);
  const envelope = body as { code: number; msg: string; data: T };
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** The ledger's own sum of the player's entries of one type code (database, not the API). */
async function ledger(typeCode: number): Promise<bigint> {
  const rows = await stack.app.ctx.database.query<{ s: string }>(
    `SELECT coalesce(sum(e.amount_minor), 0)::text AS s FROM ledger_entry e
       JOIN wallet_account a ON a.id = e.account_id
      WHERE a.code = $1 AND e.type_code = $2`,
    [`player:${userId}`, typeCode],
  );
  return BigInt(rows[0]!.s);
}

const money = (minor: bigint) => formatMoney(minor);
const text = (testId: string) => page.getByTestId(testId).first().textContent();

let chaseId = '';

/** A button of the dialog showing `text` (a closing dialog may still be in the page). */
const dialogButton = (text: string, button: string) =>
  page.locator('.adm-dialog-body', { hasText: text }).locator('.adm-dialog-button', { hasText: button });

describe('今日已结 and 返水明细 show what the ledger holds', () => {
  it('bets that win and lose are settled, then 今日已结 shows their money', async () => {
    const now = stack.clock.now();
    // 二不同号 over all six faces wins unless the dice are a triple; 三同号通选 loses unless they are.
    const lines = [
      line(K3, 'H10', now, { bettingNumber: '1,2,3,4,5,6', point: '2.5' }),
      line(K3, 'B10', now, { random: seeded(4), point: '2.5', multiplier: 2 }),
    ];
    let issue = '';
    for (const l of lines) {
      const placed = await post<AddBettingData>('betting/addBetting', { bettingData: JSON.stringify([l]) });
      expect(placed.code, placed.msg).toBe(1);
      issue = placed.data.issue;
    }

    // A chase of three issues from the issue on sale, 中奖循环: it runs on whatever the first draw is.
    const first = currentIssue(k3, now);
    const chaseLine = line(K3, 'C10', now, { random: seeded(2), point: '0' });
    const orders = [first, issueAfter(k3, first), issueAfter(k3, issueAfter(k3, first))].map((t) => ({
      bettingIssue: t.issue,
      graduationCount: 1,
      bettingAmount: chaseLine.bettingAmount,
    }));
    const data: ChaseBettingData = {
      lotteryCode: K3,
      startIssue: first.issue,
      chaseCount: 3,
      isStopAfterWinning: 0,
      autoBuyIfStopAfterWinning: 1,
      playDetailCode: chaseLine.playDetailCode,
      bettingPoint: '0',
      bettingUnit: '1',
      bettingAllAmount: formatMoney(parseMoney(chaseLine.bettingAmount) * 3n),
      eachInfo: [{ ...chaseLine, bettingIssue: undefined }],
      eachOrder: orders,
    };
    const chase = await post<AddChaseBettingData>('betting/addChaseBetting', {
      chaseBettingData: JSON.stringify(data),
    });
    expect(chase.code, chase.msg).toBe(1);
    chaseId = chase.data.chaseId;

    // before any draw the chase is 未开始 (and the list refreshes while it is)
    await page.goto('/chaseNumberRecord');
    const chaseRow = page.locator(`[data-chase="${chaseId}"]`);
    await chaseRow.waitFor();
    expect(await chaseRow.getByTestId('chase-state').textContent()).toBe('未开始');
    expect(await chaseRow.getByTestId('chase-progress').textContent()).toContain('已追 0/3 期');
    await page.getByText('已显示全部记录').waitFor();
    await snap(page, 'records-chase-list');

    stack.clock.jumpTo(issueTimes(k3, issue)!.drawMs + 1000);
    await stack.app.scheduler.tick();

    // the settled bets (two bets and the chase's first order), read from the database
    const settled = await stack.app.ctx.database.query<{ n: number; stake: string }>(
      'SELECT count(*)::int AS n, coalesce(sum(amount_minor), 0)::text AS stake FROM bet WHERE user_id = $1 AND state IN (1, 2)',
      [userId],
    );
    expect(settled[0]!.n).toBe(3);
    const stake = BigInt(settled[0]!.stake);
    const won = await ledger(205);
    const rebate = await ledger(501);
    expect(stake).toBe(
      parseMoney(lines[0]!.bettingAmount) +
        parseMoney(lines[1]!.bettingAmount) +
        parseMoney(chaseLine.bettingAmount),
    );
    expect(rebate).toBeGreaterThan(0n);

    await page.goto('/settlementToday');
    await page.getByTestId('settled-row').first().waitFor();
    expect(await text('total-count')).toBe('3');
    expect(await text('total-bet')).toBe(money(stake));
    expect(await text('total-win')).toBe(money(won));
    expect(await text('total-rebate')).toBe(money(rebate));
    const profit = won + rebate - stake;
    expect(await text('total-profit')).toBe(profit > 0n ? `+${money(profit)}` : money(profit));
    await expect.poll(() => page.getByTestId('settled-row').count()).toBe(3);
    await expect.poll(() => page.getByTestId('lottery-row').count()).toBe(1);
    await page.getByText('已显示全部记录').waitFor();
    // the screen's figures are the API's, which are the ledger's
    const api = await get<SettlementSummaryData>('records/settlementToday?period=today');
    expect(api.total.winMoney).toBe(money(won));
    await snap(page, 'records-settlement-today');

    // 分享战绩: today's result into the lobby as a type-9 card, seen in the room
    await page.getByRole('button', { name: '分享战绩' }).click();
    const picker = page.getByTestId('share-picker');
    await picker.getByTestId('share-target').filter({ hasText: '彩友大厅' }).click();
    await picker.getByRole('button', { name: '分享(1)' }).click();
    await page.getByText('分享成功').waitFor();
    await page.goto('/chat/lobby');
    const card = page.getByTestId('share-result-card').last();
    await card.waitFor({ timeout: 25_000 });
    expect(await card.textContent()).toContain(`投注${money(stake)}`);
    expect(await card.textContent()).toContain(`中奖${money(won)}`);
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'records-settlement-shared');
    await page.goto('/settlementToday');
    await page.getByTestId('settled-row').first().waitFor();

    // 昨天 has nothing: the empty state
    await page.locator('.records-filter .adm-dropdown-item').click();
    // the settlement report's periods: the record screens' three plus 上周, 本月, 上月
    for (const label of ['今天', '昨天', '七天', '上周', '本月', '上月']) {
      await page.locator('.records-periods').getByText(label, { exact: true }).waitFor();
    }
    await snap(page, 'records-settlement-periods');
    await page.locator('.records-periods').getByText('昨天', { exact: true }).click();
    await page.getByText('暂无结算记录').waitFor();
    await page
      .locator('.adm-dropdown-popup')
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    expect(await text('total-count')).toBe('0');
    await snap(page, 'records-settlement-yesterday');
  });

  it('返水明细 lists the 501 rebate of the issue with its total', async () => {
    const rebate = await ledger(501);
    await page.goto('/waterDetail');
    await page.getByTestId('water-row').first().waitFor();
    expect(await text('water-total-amount')).toBe(money(rebate));
    expect(await text('water-type-501')).toBe(money(rebate));
    expect(await text('water-type-204')).toBe('0.00');
    const rows = page.getByTestId('water-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(`+${money(rebate)}`);
    expect(await rows.first().textContent()).toContain(k3.name);
    await page.getByText('已显示全部记录').waitFor();
    const api = await get<WaterDetailData>('records/waterDetail?period=today');
    expect(api.totalAmount).toBe(money(rebate));
    await snap(page, 'records-water-detail');
    // the 代理返点 tab has none of this player's rows
    await page.locator('.records-types').getByText('代理返点').click();
    await page.getByText('暂无返水记录').waitFor();
    await snap(page, 'records-water-detail-empty');
  });
});

describe('追号记录 and 追号详情', () => {
  it('shows the chase 进行中 after its first issue and cancels it from its detail, refunding the ledger', async () => {
    expect(chaseId).not.toBe('');
    await page.goto('/chaseNumberRecord');
    const row = page.locator(`[data-chase="${chaseId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('chase-state').textContent()).toBe('进行中');
    expect(await row.getByTestId('chase-progress').textContent()).toContain('已追 1/3 期 · 中奖 0.00元');
    await snap(page, 'records-chase-list-running');

    await row.click();
    await waitForPath(page, `/chaseNumberRecordDetail/${chaseId}`);
    await page.getByTestId('chase-detail').waitFor();
    expect(await text('chase-mode')).toBe('中奖循环');
    await expect.poll(() => page.getByTestId('chase-order').count()).toBe(3);
    expect(await text('chase-detail-state')).toBe('进行中');
    await snap(page, 'records-chase-detail');

    const before = await ledger(203);
    await page.getByTestId('chase-cancel').click();
    await page.getByText('是否确认撤销追号').waitFor();
    await snap(page, 'records-chase-cancel-confirm');
    await dialogButton('是否确认撤销追号', '确定').click();
    const refundText = page.getByTestId('chase-refund');
    await refundText.waitFor();
    const refunded = (await ledger(203)) - before;
    expect(refunded).toBeGreaterThan(0n);
    expect(await refundText.textContent()).toContain(`退还 ${money(refunded)} 元`);
    await snap(page, 'records-chase-refund');
    await dialogButton('撤单成功', '确定').click();
    await expect.poll(() => text('chase-detail-state')).toBe('已撤单');
    expect(await text('chase-detail-refund')).toBe(`${money(refunded)}元`);
    await expect.poll(() => page.getByTestId('chase-cancel').count()).toBe(0);
    await snap(page, 'records-chase-cancelled');

    // an order opens its bet
    await page.getByTestId('chase-order').last().click();
    await page.waitForURL(/\/bettingRecord\/\d+$/);
    await page.getByTestId('bet-detail').waitFor();
    expect(await text('detail-state')).toBe('已撤单');

    await page.goto('/chaseNumberRecord');
    await expect
      .poll(() => page.locator(`[data-chase="${chaseId}"]`).getByTestId('chase-state').textContent())
      .toBe('已撤单');
    await snap(page, 'records-chase-list-cancelled');
  });
});
