import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap as snapNow } from './support/browser';
import { type Stack, startStack } from './support/stack';

/**
 * The operator console (issue 40) in Chromium at a desktop's 1440x900, against the real server
 * serving the built console under /console/ with its own CSP: the first owner is created with
 * `npm run admin -- staff-create` (the CLI's command table), opens the printed enrolment link,
 * sets a password, binds TOTP (the test computes the codes, as an authenticator app would) and
 * sees the recovery codes once; signs in again with a code; creates a finance and an auditor
 * account. The auditor enrols from their own link, has no 员工管理, and reads the owner's actions
 * in the audit log. Any CSP violation on any page fails the test.
 */

const OWNER = 'boss';
const OWNER_PASSWORD = 'Owner2026secure';
const AUDITOR = 'audit01';
const AUDITOR_PASSWORD = 'Auditor2026secure';

let stack: Stack;
let browser: Browser;
/** What the console's policy refused, on any page of either staff member. */
const violations: string[] = [];

/** A desktop browser of its own (own cookies): 1440x900, Chinese locale, Beijing time. */
async function desktop(
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
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

/**
 * A screenshot once antd's motions (a modal closing, a menu's highlight moving) have ended and its
 * passing messages (已停用：fin01) have left: the screenshot is of the page.
 */
async function snap(page: Page, name: string): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
  await snapNow(page, name);
}

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-s steps from now. */
const totp = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** The link the CLI or the staff page printed, as a path of the console. */
const enrolPathIn = (text: string) => {
  const path = /\/console\/enrol\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!path) throw new Error(`no enrolment link in: ${text}`);
  return path;
};

/**
 * The enrolment link's three steps as a new staff member goes through them; answers the TOTP
 * secret and the recovery codes shown.
 */
async function enrol(
  page: Page,
  path: string,
  account: string,
  password: string,
  shots?: string,
): Promise<{ secret: string; codes: string[] }> {
  await page.goto(path);
  await page.getByText(account, { exact: true }).waitFor();
  if (shots) await snap(page, `${shots}-enrol-password`);
  await page.getByLabel('设置密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '下一步' }).click();

  const secretText = page.getByTestId('totp-secret');
  await secretText.waitFor();
  await expect(page.getByTestId('totp-qr').locator('path').getAttribute('d')).resolves.toMatch(/^M\d/);
  const secret = ((await secretText.textContent()) ?? '').replace(/\s+/g, '');
  if (shots) await snap(page, `${shots}-enrol-totp`);
  await page.getByLabel('动态验证码', { exact: true }).fill(await totp(secret));
  await page.getByRole('button', { name: '验证并绑定' }).click();

  const codes = page.getByTestId('recovery-codes').locator('li');
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  expect(await codes.first().textContent()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const shown = (await codes.allTextContents()).map((code) => code.trim());
  if (shots) await snap(page, `${shots}-recovery-codes`);
  const enter = page.getByRole('button', { name: '进入运营后台' });
  expect(await enter.isDisabled()).toBe(true);
  await page.getByLabel('我已妥善保存恢复码').check();
  await enter.click();
  await page.getByTestId('staff-account').waitFor();
  return { secret, codes: shown };
}

/** The console's menu entries as the signed-in role sees them. */
const menuLabels = async (page: Page) =>
  (await page.locator('.console-sider .ant-menu-item').allInnerTexts()).map((t) => t.trim());

/** Creates a staff account on 员工管理; answers the one-time enrolment link it shows. */
async function createStaff(page: Page, account: string, roleLabel: string, shot?: string): Promise<string> {
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
  if (shot) await snap(page, shot);
  await page.getByRole('button', { name: '我已保存' }).click();
  await link.waitFor({ state: 'detached' });
  return enrolPathIn(text);
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('operator console', () => {
  let owner: Page;
  let ownerSecret = '';
  let ownerCodes: string[] = [];
  let auditorLink = '';

  it('serves the console under /console/ with its own policy', async () => {
    const res = await fetch(`${stack.baseUrl}/console/login`);
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('enrols the first owner from the CLI link: password, TOTP, recovery codes', async () => {
    const printed = await stack.admin('staff-create', [OWNER, '--role', 'owner']);
    ({ page: owner } = await desktop());
    ({ secret: ownerSecret, codes: ownerCodes } = await enrol(
      owner,
      enrolPathIn(printed),
      OWNER,
      OWNER_PASSWORD,
      'console',
    ));
    expect(await owner.getByTestId('staff-role').textContent()).toBe('所有者');
    expect(await menuLabels(owner)).toEqual(
      expect.arrayContaining(['首页', '财务', '玩家', '员工管理', '审计日志']),
    );
    await snap(owner, 'console-owner-home');
    // the link is used up
    const again = await owner.context().newPage();
    await again.goto(enrolPathIn(printed));
    await again.getByText('链接无效或已过期').first().waitFor();
    await again.close();
  });

  it('signs the owner out and in again with password and a TOTP code', async () => {
    await owner.getByRole('button', { name: '退出登录' }).click();
    await owner.waitForURL((url) => url.pathname === '/console/login');
    await owner.getByLabel('账号', { exact: true }).fill(OWNER);
    await owner.getByLabel('密码', { exact: true }).fill(OWNER_PASSWORD);
    await owner.getByRole('button', { name: '登录' }).click();
    const code = owner.getByLabel('动态验证码或恢复码');
    await code.waitFor();
    await snap(owner, 'console-second-step');
    // the enrolment used this step's code: the app's next one (a code is never accepted twice)
    await code.fill(await totp(ownerSecret, 1));
    await owner.getByRole('button', { name: '验证并登录' }).click();
    await owner.getByTestId('staff-account').waitFor();
    expect(new URL(owner.url()).pathname).toBe('/console');
  });

  it('creates a finance and an auditor account, each with its one-time link', async () => {
    await owner.locator('.console-sider').getByText('员工管理').click();
    await owner.getByRole('button', { name: '新建员工' }).waitFor();
    await createStaff(owner, 'fin01', '财务', 'console-staff-link');
    auditorLink = await createStaff(owner, AUDITOR, '审计');
    const rows = owner.locator('.ant-table-tbody tr');
    await rows.filter({ hasText: AUDITOR }).waitFor();
    expect(await rows.count()).toBe(3);
    expect(await rows.filter({ hasText: 'fin01' }).textContent()).toContain('待激活');

    // an action on an account takes a reason for the audit log
    await rows.filter({ hasText: 'fin01' }).getByRole('button', { name: '停用' }).click();
    const dialog = owner.getByRole('dialog', { name: '停用：fin01' });
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请填写原因').waitFor();
    await dialog.getByLabel('原因（记入审计日志）').fill('入职推迟');
    await dialog.getByRole('button', { name: '确定' }).click();
    await rows.filter({ hasText: 'fin01' }).getByText('已停用').waitFor();
    await rows.filter({ hasText: 'fin01' }).getByRole('button', { name: '启用' }).click();
    await owner
      .getByRole('dialog', { name: '启用：fin01' })
      .getByLabel('原因（记入审计日志）')
      .fill('已入职');
    await owner.getByRole('dialog', { name: '启用：fin01' }).getByRole('button', { name: '确定' }).click();
    await rows.filter({ hasText: 'fin01' }).getByText('待激活').waitFor();
    await snap(owner, 'console-staff-list');
  });

  it('shows the desks part 2 builds as coming soon', async () => {
    await owner.locator('.console-sider').getByText('开奖').click();
    await owner.getByText('即将开放，敬请期待！').waitFor();
    await snap(owner, 'console-coming-soon');
  });

  it('lets the auditor read the audit log of the owner’s actions, without 员工管理', async () => {
    const { page: auditor } = await desktop();
    const { codes } = await enrol(auditor, auditorLink, AUDITOR, AUDITOR_PASSWORD);
    expect(await auditor.getByTestId('staff-role').textContent()).toBe('审计');
    const menu = await menuLabels(auditor);
    expect(menu).toContain('审计日志');
    expect(menu).not.toContain('员工管理');

    await auditor.locator('.console-sider').getByText('审计日志').click();
    const table = auditor.getByTestId('audit-table');
    await table.locator('.ant-table-tbody tr', { hasText: '创建员工' }).first().waitFor();
    const [{ id: ownerId }] = await stack.query<{ id: string }>('SELECT id FROM staff WHERE account = $1', [
      OWNER,
    ]);
    const ownerRows = table.locator('.ant-table-tbody tr', { hasText: `staff:${ownerId}` });
    const text = (await ownerRows.allInnerTexts()).join('\n');
    for (const target of ['fin01', AUDITOR]) expect(text).toContain(`新员工 ${target}`);
    expect(text).toContain('停用员工');
    expect(text).toContain('入职推迟');
    expect(text).toContain('绑定动态验证码');
    expect(text).toContain('登录');
    // the CLI's own row: the owner's account, created from the command line
    expect(await table.locator('.ant-table-tbody tr', { hasText: 'cli:' }).count()).toBeGreaterThan(0);
    await snap(auditor, 'console-auditor-audit');
    // a row opens to what changed
    await table
      .locator('.ant-table-tbody tr', { hasText: '停用员工' })
      .locator('.ant-table-row-expand-icon')
      .click();
    await table.getByText('变更后').waitFor();
    await snap(auditor, 'console-audit-detail');

    // a filter goes to the server: only the owner's staff creations
    await auditor.getByLabel('动作').fill('staff.create');
    await auditor.getByRole('button', { name: '查询' }).click();
    await expect
      .poll(async () => (await table.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts()).length)
      .toBe(3);
    expect(await auditor.getByRole('link', { name: '导出 CSV' }).getAttribute('href')).toBe(
      '/console/api/audit/export?action=staff.create',
    );

    // 员工管理 is not a page the auditor can open, and the server refuses its calls
    await auditor.goto('/console/staff');
    await auditor.getByText('无权访问').waitFor();
    const refused = await auditor.evaluate(async () => (await fetch('/console/api/staff/list')).status);
    expect(refused).toBe(403);

    // the second step takes a recovery code in place of the app's code
    await auditor.getByRole('button', { name: '退出登录' }).click();
    await auditor.getByLabel('账号', { exact: true }).fill(AUDITOR);
    await auditor.getByLabel('密码', { exact: true }).fill(AUDITOR_PASSWORD);
    await auditor.getByRole('button', { name: '登录' }).click();
    await auditor.getByLabel('动态验证码或恢复码').fill(codes[0]!);
    await auditor.getByRole('button', { name: '验证并登录' }).click();
    await auditor.getByTestId('staff-account').waitFor();
    await auditor.context().close();
  });

  it('fits a 1280x720 screen, and sends a staff member whose session ended back to sign-in and on', async () => {
    const { context, page } = await desktop({ width: 1280, height: 720 });
    await context.addCookies(await owner.context().cookies());
    await page.goto('/console/audit');
    await page.getByTestId('audit-table').locator('.ant-table-row').first().waitFor();
    // nothing wider than the window: no sideways scrolling of the page itself
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await snap(page, 'console-audit-1280');

    // the same session ends elsewhere (signed out in the owner's window): the next call finds it gone
    await owner.getByRole('button', { name: '退出登录' }).click();
    await owner.waitForURL((url) => url.pathname === '/console/login');
    await page.locator('.console-sider').getByText('员工管理').click();
    await page.waitForURL((url) => url.pathname === '/console/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/staff');
    await page.getByText('登录已过期，请重新登录').waitFor();
    await page.getByLabel('账号', { exact: true }).fill(OWNER);
    await page.getByLabel('密码', { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByLabel('动态验证码或恢复码').fill(ownerCodes[0]!.toUpperCase().replace('-', ''));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.waitForURL((url) => url.pathname === '/console/staff');
    await page.getByRole('button', { name: '新建员工' }).waitFor();
    await context.close();
  });

  it('broke no rule of the policy on any page', () => {
    expect(violations).toEqual([]);
  });
});
