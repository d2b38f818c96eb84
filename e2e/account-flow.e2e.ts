import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import {
  DEMO_PASSWORD,
  logIn,
  logOut,
  register,
  uniqueAccount,
  waitForPath,
  waitForTitle,
} from './support/ui';

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

describe('a new player', () => {
  const userName = uniqueAccount('new');
  const nickName = `新昵称${userName.slice(-4)}`;

  it('registers and lands in the hall, logged in', async () => {
    await page.goto('/register');
    await waitForTitle(page, '吉彩娱乐-注册');
    await snap(page, 'register');
    await register(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    expect(stored).toMatchObject({ userName: userName.toLowerCase(), login: true, theme: 'fireRed' });
  });

  it('logs out and logs in again', async () => {
    await logOut(page);
    await snap(page, 'login');
    await logIn(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');
  });

  it('sees the seeded catalogue by family in the hall', async () => {
    await page.locator('.section-title').first().waitFor();
    await expect.poll(() => page.locator('.section-title > span:first-child').count()).toBeGreaterThan(3);
    await expect.poll(() => page.locator('.lottery-card').count()).toBeGreaterThan(10);
    await waitForTitle(page, '吉彩娱乐-购彩大厅');
    await snap(page, 'home');
    await page.locator('.section-more').first().click();
    await page.waitForURL((url) => url.pathname === '/lotteryHall' && url.searchParams.has('key'));
    await page.locator('.lottery-card').first().waitFor();
    await snap(page, 'lottery-hall');
    const family = new URL(page.url()).searchParams.get('key');
    await page.locator('.lottery-card').first().click();
    await page.waitForURL((url) => url.pathname.startsWith(`/lottery/${family}/`));
  });

  it('opens the user centre with nickname, grade and balance', async () => {
    await page.goto('/home');
    await page.locator('.adm-tab-bar-item', { hasText: '我的' }).click();
    await waitForPath(page, '/userCenter');
    await page.locator('.uc-nickname').waitFor();
    await expect.poll(() => page.locator('.uc-account').textContent()).toContain(userName.toLowerCase());
    await expect.poll(() => page.locator('.uc-grade').textContent()).toMatch(/VIP\d|测试组|游客|管理/);
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(/^\d[\d,]*\.\d\d$/);
    await snap(page, 'user-center');
  });

  it('edits the nickname, and the user centre shows it', async () => {
    await page.getByText('个人资料').click();
    await waitForPath(page, '/personal/personalInfo');
    await page.getByPlaceholder('5-50位字母、数字、下划线或中文').fill(nickName);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('修改成功').waitFor();
    await snap(page, 'personal-info');
    await page.goto('/userCenter');
    await expect.poll(() => page.locator('.uc-nickname').textContent()).toBe(nickName);
  });

  it('sees the grade ladder and the password form', async () => {
    await page.goto('/personal/personalGrade');
    await page.getByText('彩神').waitFor();
    await snap(page, 'personal-grade');
    await page.goto('/resetLoginPassword');
    await page.getByRole('button', { name: '确认修改' }).waitFor();
    await snap(page, 'reset-login-password');
  });

  it('logs out', async () => {
    await logOut(page);
    const stored = await page.evaluate(() => localStorage.getItem('userInfo'));
    expect(stored).toBeNull();
    await page.goto('/userCenter');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
