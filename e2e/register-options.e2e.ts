import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INVITE_CODE } from '../apps/server/src/db/seed';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

const CAPTCHA = '4321';
let stack: Stack;
let browser: Browser;
let page: Page;

/** The server re-reads the tenant row every few seconds; wait (bounded) until a change is served. */
async function untilServed(path: string, check: (data: Record<string, unknown>) => boolean): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await fetch(`${stack.baseUrl}/v1/${path}`);
    const body = (await res.json()) as { data?: Record<string, unknown> };
    if (body.data && check(body.data)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${path} never reflected the change`);
}

beforeAll(async () => {
  stack = await startStack({}, { captchaText: () => CAPTCHA });
  await stack.admin('register-verify', ['--image-code', 'on', '--invite-code', 'required']);
  await stack.admin('site-config', [
    'appDownload=https://download.example.invalid/app.apk',
    'customPopUpWindow=true',
    'popUpWindowTitle=下载吉彩APP',
    'popUpWindowContent=开奖提醒不错过',
  ]);
  await untilServed(
    'users/getRegisterVerifyFront',
    (d) => d.imageCode === true && d.inviteCode === 'required',
  );
  await untilServed('management/tenant/getTenantConfig', (d) => d.customPopUpWindow === true);
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl, { downloadSheet: true }));
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('app-download sheet (platform.md §2)', () => {
  it('shows once on the home page, Android layout with 取消 and 继续, and counts 1 then 2', async () => {
    await page.goto('/home');
    const sheet = page.locator('.download-sheet');
    await sheet.getByText('下载吉彩APP').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('downloadCounter'))).toBe('1');
    await snap(page, 'download-sheet');
    await sheet.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('downloadCounter'))).toBe('2');
    await page.reload();
    await page.locator('.lottery-card').first().waitFor();
    expect(await sheet.isVisible()).toBe(false);
    // The header offers the download link too (outside a webview).
    await page.getByRole('button', { name: '下载APP' }).waitFor();
  });
});

describe('registration with captcha and a required invite code', () => {
  it('asks for both, rejects a wrong invite code, and registers with the right ones', async () => {
    await page.goto('/register');
    await page.locator('img.captcha-img').waitFor();
    const userName = uniqueAccount('inv');
    await register(page, userName, DEMO_PASSWORD);
    await page.getByText('请输入邀请码').waitFor();
    await page.getByText('请输入验证码').first().waitFor();
    await snap(page, 'register-captcha-invite');

    await page.getByPlaceholder('请输入邀请码').fill('0000000');
    await page.getByPlaceholder('请输入邀请码').blur();
    await page.getByText('邀请码无效').waitFor();

    await page.getByPlaceholder('请输入邀请码').fill(DEMO_INVITE_CODE);
    await page.getByPlaceholder('请输入验证码').fill(CAPTCHA);
    await page.getByRole('button', { name: '立即注册' }).click();
    await waitForPath(page, '/home');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    expect(stored).toMatchObject({ userName: userName.toLowerCase(), login: true });
  });
});
