import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD, logIn, waitForPath, waitForTitle } from './support/ui';

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('navigation guards', () => {
  it('sends a visitor from a login route to /login with the redirect query, and back after login', async () => {
    await page.goto('/transctionRecord?from=userCenter');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/transctionRecord?from=userCenter');
    await logIn(page, 'player01', DEMO_PASSWORD);
    await waitForPath(page, '/transctionRecord?from=userCenter');
    await waitForTitle(page, '吉彩娱乐-交易记录');
  });

  // Every route of both specs now has its screen (no 即将开放 left to show): the back arrow of a
  // record page still follows `from`.
  it('a record page opened with ?from= goes back there', async () => {
    await page.goto('/ChessRecord?from=userCenter');
    await waitForTitle(page, '吉彩娱乐-棋牌记录');
    await snap(page, 'chess-record-from');
    await page.locator('.adm-nav-bar-back').click();
    await waitForPath(page, '/userCenter');
  });

  it('sends a logged-in user away from login and register', async () => {
    await page.goto('/login');
    await waitForPath(page, '/home');
    await page.goto('/register');
    await waitForPath(page, '/home');
  });

  it('bounces a non-agent from agent routes to /', async () => {
    await page.goto('/agentReport');
    await waitForPath(page, '/home');
  });

  it('keeps yuebao behind its site switch and games behind theirs', async () => {
    // demo tenant: yuebaoEnable on, and games on (issue 37 §6) until an operator switches them off
    await page.goto('/balanceBao');
    await waitForPath(page, '/balanceBao');
    await stack.admin('site-config', ['gamesEnabled=false']);
    // polled: the server reads the tenant's config again within its 2-s cache
    await expect
      .poll(
        async () => {
          await page.goto('/gamesList');
          return page
            .waitForURL((url) => url.pathname === '/home', { timeout: 3000 })
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  it('sends unknown paths home and shows the shell pieces', async () => {
    await page.goto('/no/such/page');
    await waitForPath(page, '/home');
    await expect
      .poll(() => page.locator('.adm-tab-bar-item-title').allTextContents())
      .toEqual(['购彩大厅', '活动', '我的']);
    await page.goto('/activityRed');
    await expect.poll(() => page.locator('.adm-tab-bar-item-active').textContent()).toBe('活动');
    await page.goto('/login?redirect=%2Fhome');
  });

  it('opens the customer-service list on the login page', async () => {
    await page.goto('/userCenter');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: '在线客服' }).click();
    await page.locator('.adm-action-sheet').waitFor();
    await snap(page, 'service-list');
  });

  it('lists the support lines on /service without a page to show', async () => {
    const lines = await page.evaluate(async () => {
      const res = await fetch('/v1/management/content/getSupportFront');
      return ((await res.json()) as { data: { name: string }[] }).data.map((l) => l.name);
    });
    expect(lines.length).toBeGreaterThan(0);
    await page.goto('/service');
    await page.getByTestId('support-lines').waitFor();
    await expect.poll(() => page.locator('.adm-list-item-content-main').allTextContents()).toEqual(lines);
    expect(await page.getByText('目前暂无匹配客服线路').count()).toBe(0);
    await snap(page, 'service-lines');
  });

  it('shows the maintenance page from stored data', async () => {
    await page.evaluate(() =>
      localStorage.setItem(
        'maintainData',
        JSON.stringify({ message: '系统升级中', endTime: Date.now() + 3600_000 }),
      ),
    );
    await page.goto('/maintain');
    await page.getByText('系统升级中').waitFor();
    await snap(page, 'maintain');
  });
});
