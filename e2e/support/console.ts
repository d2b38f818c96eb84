import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { snap as snapNow } from './browser';

/**
 * Steps of the operator console (issue 40) as a staff member goes through them, for the console's
 * specs: a desktop browser that records any CSP violation, the enrolment link's three steps (the
 * TOTP codes computed as an authenticator app would), creating a staff account on 员工管理, and a
 * screenshot taken once antd's motions and passing messages have ended.
 */

/** A desktop browser of its own (own cookies): 1440x900, Chinese locale, Beijing time. */
export async function desktop(
  browser: Browser,
  baseURL: string,
  violations: string[],
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // antd's motion off (providers.tsx): a dialog is open or gone, never half-way, when clicked
    reducedMotion: 'reduce',
  });
  await context.exposeFunction('reportCspViolation', (line: string) => violations.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  return { context, page };
}

/** A screenshot once antd's motions have ended and its passing messages have left. */
export async function snap(page: Page, name: string): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
  await snapNow(page, name);
}

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-s steps from now. */
export const totp = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** The link the CLI or the staff page printed, as a path of the console. */
export const enrolPathIn = (text: string) => {
  const path = /\/console\/enrol\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!path) throw new Error(`no enrolment link in: ${text}`);
  return path;
};

/**
 * The enrolment link's three steps (password, TOTP, recovery codes), ending signed in; answers
 * the TOTP secret.
 */
export async function enrol(page: Page, path: string, account: string, password: string): Promise<string> {
  await page.goto(path);
  await page.getByText(account, { exact: true }).waitFor();
  await page.getByLabel('设置密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '下一步' }).click();
  const secretText = page.getByTestId('totp-secret');
  await secretText.waitFor();
  const secret = ((await secretText.textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('动态验证码', { exact: true }).fill(await totp(secret));
  await page.getByRole('button', { name: '验证并绑定' }).click();
  await page.getByTestId('recovery-codes').locator('li').first().waitFor();
  await page.getByLabel('我已妥善保存恢复码').check();
  await page.getByRole('button', { name: '进入运营后台' }).click();
  await page.getByTestId('staff-account').waitFor();
  expect(await page.getByTestId('staff-account').textContent()).toBe(account);
  return secret;
}

/** Creates a staff account on 员工管理 (the page open); answers its one-time enrolment link. */
export async function createStaff(page: Page, account: string, roleLabel: string): Promise<string> {
  await page.getByRole('button', { name: '新建员工' }).click();
  const dialog = page.getByRole('dialog', { name: '新建员工' });
  await dialog.getByLabel('账号', { exact: true }).fill(account);
  await dialog.locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: roleLabel }).click();
  await dialog.getByLabel('原因（记入审计日志）').fill(`新员工 ${account}`);
  await dialog.getByRole('button', { name: '创建' }).click();
  const link = page.getByTestId('enrol-link');
  await link.waitFor();
  const text = (await link.textContent()) ?? '';
  await page.getByRole('button', { name: '我已保存' }).click();
  await link.waitFor({ state: 'detached' });
  return enrolPathIn(text);
}

/** The console's menu entries as the signed-in role sees them. */
export const menuLabels = async (page: Page) =>
  (await page.locator('.console-sider .ant-menu-item').allInnerTexts()).map((t) => t.trim());
