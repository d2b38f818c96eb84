import type { ActivityList } from '@lottery/contract/activity';
import { parseMoney } from '@lottery/contract/money';
import { beijingDayNumber, beijingMidnightMs } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SteppingClock } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { type ClockedApp, playerLedger, startClockedApp } from './support/clocked-app';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * The activity centre on a phone-sized Chromium, on the demo tenant's seeded activities: a visitor
 * reads the list and a detail (登录后领取); a new player sees 1 on the 红包活动 tab, grabs the
 * 新人红包 (the amount shown is what the ledger booked, code 214, and the badge goes), claims the
 * 每日加奖 on yesterday's settled turnover (1200 × 0.5% = 6.00, code 206) once, and the shared
 * activityDetail link shows no share button.
 */

let stack: ClockedApp;
let app: FastifyInstance;
let clock: SteppingClock;
let browser: Browser;
let page: Page;
const userName = uniqueAccount('act');

async function api<T>(path: string): Promise<T> {
  const body = (await page.evaluate(async (p) => (await fetch(`/v1/${p}`)).json(), path)) as {
    code: number;
    data: T;
  };
  if (body.code !== 1) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data;
}

const ledger = () => playerLedger(app, userName);

beforeAll(async () => {
  stack = await startClockedApp('activity');
  ({ app, clock } = stack);
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('activity centre', () => {
  it('shows a visitor the activities and a detail that asks to log in', async () => {
    await page.goto('/activity');
    const list = page.getByTestId('activity-list');
    await list.getByText('每日加奖').waitFor();
    await list.getByText('投注闯关 好礼相送').waitFor();
    await list.getByText('充值优惠 多充多送').waitFor();
    // every cover is a real image that loaded
    await expect
      .poll(() =>
        page.$$eval('.activity-cover', (imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await snap(page, 'activity-list-visitor');
    await list.getByText('每日加奖').click();
    await page.getByTestId('claim-card').waitFor();
    await page.getByRole('button', { name: '登录后领取' }).waitFor();
    expect(await page.getByTestId('content-html').textContent()).toContain('昨日已结算投注');
    await snap(page, 'activity-detail-visitor');
    // a record id that is not one: the page's own words, no call refused in English
    await page.goto('/activityRed/abc');
    await page.getByText('红包不存在').waitFor();
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    // a player's card is for players: a visitor is asked to log in
    await page.goto('/playerInfo/1');
    await page.getByTestId('player-card-login').getByText('登录后可查看玩家信息').waitFor();
  });

  it('lets a new player grab the 新人红包 once: the badge counts it, the ledger books it', async () => {
    await page.goto('/register');
    await register(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');
    await page.goto('/activityRed');
    // 新人红包 is open to every grade; the VIP2 envelope is not (等级不足)
    await expect.poll(() => page.locator('.activity-tabs .adm-badge-content').textContent()).toBe('1');
    const newcomer = page.getByTestId('activity-envelope').filter({ hasText: '新人红包' });
    const vipOnly = page.getByTestId('activity-envelope').filter({ hasText: 'VIP2 专享红包' });
    await vipOnly.getByRole('button', { name: '等级不足' }).waitFor();
    await snap(page, 'activity-red-list');
    await newcomer.getByRole('button', { name: '抢红包' }).click();
    const result = page.getByTestId('envelope-result');
    await result.waitFor();
    const shown = (await result.locator('.envelope-result-amount').textContent())!
      .replace(/\s*元/, '')
      .trim();
    await snap(page, 'activity-red-grabbed');
    const booked = await ledger();
    expect(booked.codes).toEqual([214]);
    expect(booked.balanceMinor).toBe(parseMoney(shown));
    await page.getByRole('button', { name: '确定' }).click();
    await newcomer.getByRole('button', { name: `已领取 ${shown}元` }).waitFor();
    await expect.poll(() => page.locator('.activity-tabs .adm-badge-content').count()).toBe(0);
    // the envelope's page lists the grab with the account masked
    await newcomer.locator('.envelope-card-main').click();
    await page.getByTestId('grab-list').getByText(`${shown}元`).waitFor();
    expect(await page.getByTestId('grab-list').textContent()).toContain(`${userName.slice(0, 2)}***`);
    // the claimed state is said once, on the envelope itself
    expect(await page.getByText(`已领取 ${shown}元`).count()).toBe(1);
    // 已领取x/y个，共a/b元: a is what every grab took (this player's alone here)
    expect(await page.getByTestId('envelope-received').textContent()).toMatch(
      new RegExp(`^已领取1/\\d+个，共${shown.replace('.', '\\.')}/[\\d.]+元$`),
    );
    await snap(page, 'activity-red-detail');
  });

  it("pays the 每日加奖 on yesterday's settled turnover once", async () => {
    const [user] = await app.ctx.database.query<{ id: number; tenant_id: number }>(
      'SELECT id, tenant_id FROM users WHERE user_name = $1',
      [userName],
    );
    const yesterdayNoon = beijingMidnightMs(beijingDayNumber(clock.now()) - 1) + 12 * 3_600_000;
    await app.ctx.database.query(
      `INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
         user_rebate_tenths, point_tenths, state, created_at, settled_at)
       VALUES ($1, $2, $3, 'act-e2e', 'JSK3', '20260101001', $4, 0, 0, 2, $5, $5)`,
      [user!.tenant_id, user!.id, `actE2E${user!.id}`, String(parseMoney('1200')), yesterdayNoon],
    );
    const { rows } = await api<ActivityList>('activity/getActivityList');
    const daily = rows.find((a) => a.kind === 'daily_bonus')!;
    const before = (await ledger()).balanceMinor;
    await page.goto(`/activity/${daily.id}`);
    await expect.poll(() => page.getByTestId('claim-base').textContent()).toBe('1200.00元');
    expect(await page.getByTestId('claim-amount').textContent()).toBe('6.00元');
    await snap(page, 'activity-daily-bonus');
    await page.getByRole('button', { name: '立即领取' }).click();
    await page.getByRole('button', { name: '已领取' }).waitFor();
    const after = await ledger();
    expect(after.balanceMinor - before).toBe(parseMoney('6'));
    expect(after.codes.filter((c) => c === 206)).toHaveLength(1);
    await snap(page, 'activity-daily-bonus-claimed');
  });

  it('offers 分享活动 on activityDetail, but not on a shared link', async () => {
    const { rows } = await api<ActivityList>('activity/getActivityList');
    const id = rows[0]!.id;
    await page.goto(`/activityDetail?id=${id}`);
    await page.getByRole('button', { name: '分享活动' }).waitFor();
    await page.goto(`/activityDetail?id=${id}&is_shared=1`);
    await page.getByTestId('content-html').waitFor();
    expect(await page.getByRole('button', { name: '分享活动' }).count()).toBe(0);
  });
});
