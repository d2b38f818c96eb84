import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launch();
  ({ context, page } = await phone(browser, stack.baseUrl));
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('an expired session', () => {
  it('shows the spec dialog and goes to login', async () => {
    await page.goto('/login');
    await logIn(page, 'player01', DEMO_PASSWORD);
    await waitForPath(page, '/home');
    // The server no longer knows this session (as after the idle expiry): drop the cookie.
    await context.clearCookies();
    await page.goto('/userCenter');
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('由于登录验证过期，已自动退出，需要重新登录！').waitFor();
    await snap(page, 'session-expired');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/userCenter');
    await logIn(page, 'player01', DEMO_PASSWORD);
    await waitForPath(page, '/userCenter');
  });
});
