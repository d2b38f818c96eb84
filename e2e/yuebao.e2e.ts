import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beijingDayNumber, beijingMidnightMs } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { fund } from '../apps/server/src/modules/betting/testing';
import { encryptSafetyPassword, setSafetyPassword } from '../apps/server/src/modules/security/index';
import { auditLedger } from '../apps/server/src/modules/wallet/index';
import { runYuebaoDaily } from '../apps/server/src/modules/yuebao/index';
import { SteppingClock } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { buildWebInto } from './support/stack';
import { DEMO_PASSWORD, logIn, logOut, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * 余额宝 on a phone-sized Chromium (docs/yuebao.md): a new player with 10000 yuan and a safety
 * password transfers 1000 in through the sheet and keypad; the server clock moves two Beijing days
 * and the daily job runs: the page shows yesterday's interest 0.1000 (1000 × 3.65 % / 365); the
 * player pledges 100 in 7天质押 and cancels it early (1 % penalty). The ledger audit holds.
 * Needs the /balanceBao route wired to features/yuebao/pages/balance-bao-page.
 */

const SAFETY = '482913';
let app: FastifyInstance;
let clock: SteppingClock;
let browser: Browser;
let page: Page;
const dataDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-yuebao-'));
const webDist = mkdtempSync(join(tmpdir(), 'lottery-e2e-web-'));
const userName = uniqueAccount('ybao');

async function typeSafetyPassword(testId: string) {
  // the PasscodeInput's own box takes the focus (its native input sits under it)
  const keypad = page.getByTestId(testId).locator('.adm-passcode-input');
  await keypad.click();
  await page.keyboard.type(SAFETY, { delay: 30 });
}

/** A screenshot once antd's sheet, dialog and tab-line springs have come to rest (~300 ms). */
async function snapSettled(name: string) {
  await page.waitForTimeout(500);
  await snap(page, name);
}

async function logInAgain() {
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').waitFor();
  await logIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
}

beforeAll(async () => {
  buildWebInto(webDist);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    TENANT_CODE: 'demo',
    WEB_DIST: webDist,
  });
  clock = new SteppingClock(beijingMidnightMs(beijingDayNumber(Date.now())) + 10 * 3_600_000);
  app = await build({ config, clock, logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await launch();
  ({ page } = await phone(browser, baseUrl));
  await page.goto('/register');
  await register(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  const [row] = await app.ctx.database.query<{ id: string; tenant_id: number }>(
    'SELECT id::text, tenant_id FROM users WHERE user_name = $1',
    [userName],
  );
  const userId = Number(row!.id);
  await fund(app.ctx.db, row!.tenant_id, userId, 10_000);
  const now = clock.now();
  await setSafetyPassword(
    app.ctx.db,
    { userId, userName },
    { safetyPassword: encryptSafetyPassword(SAFETY, userName, now) },
    now,
  );
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
});

describe('余额宝', () => {
  it('transfers in with the safety password', async () => {
    await page.goto('/balanceBao');
    await expect.poll(() => page.getByTestId('yuebao-balance').textContent()).toBe('0.00');
    await page.getByRole('tab', { name: '我的质押' }).click();
    await page.getByText('暂无质押记录').waitFor();
    await snapSettled('yuebao-empty');
    await page.getByRole('button', { name: '转入' }).click();
    const sheet = page.getByTestId('yuebao-in-sheet');
    // checked on the phone first: more than the wallet holds
    await sheet.getByLabel('金额').fill('10000.01');
    await sheet.getByRole('button', { name: '确认转入' }).click();
    await page.getByText('余额不足，可用余额10000.00元').waitFor();
    await sheet.getByLabel('金额').fill('1000');
    await snapSettled('yuebao-transfer-in-sheet');
    await sheet.getByRole('button', { name: '确认转入' }).click();
    await page.getByTestId('yuebao-in-sheet-safety').waitFor();
    await snapSettled('yuebao-transfer-in-keypad');
    await typeSafetyPassword('yuebao-in-sheet-safety');
    await expect.poll(() => page.getByTestId('yuebao-balance').textContent()).toBe('1000.00');
    await snap(page, 'yuebao-after-transfer-in');
  });

  it('shows interest after the clock moves past a full day held', async () => {
    // the day of the transfer earns nothing (not held all day); the next full day pays 0.1000
    // (docs/yuebao.md "Held a full day"). The player logs out first: the jump outlives the session.
    await logOut(page);
    const transferDay = beijingDayNumber(clock.now());
    clock.jumpTo(beijingMidnightMs(transferDay + 1) + 60_000);
    await runYuebaoDaily(app.ctx.db, clock.now());
    clock.jumpTo(beijingMidnightMs(transferDay + 2) + 60_000);
    await runYuebaoDaily(app.ctx.db, clock.now());
    await logInAgain();
    await page.goto('/balanceBao');
    await expect.poll(() => page.getByTestId('yuebao-yesterday').textContent()).toBe('0.1000');
    await expect.poll(() => page.getByTestId('yuebao-balance').textContent()).toBe('1000.10');
    await snap(page, 'yuebao-interest');
    // the logs: the transfer in, then one day of interest (none for the day of the transfer)
    await page.getByRole('tab', { name: '收支明细' }).click();
    const logs = page.getByTestId('yuebao-log');
    await expect.poll(() => logs.count()).toBe(2);
    expect(await logs.nth(0).textContent()).toContain('+0.10');
    expect(await logs.nth(1).textContent()).toContain('+1000.00');
    await snapSettled('yuebao-logs');
    await page.getByRole('tab', { name: '质押产品' }).click();
  });

  it('creates a pledge and cancels it early with the penalty', async () => {
    await page.getByTestId('pledge-product').first().getByRole('button', { name: '立即质押' }).click();
    const sheet = page.getByTestId('pledge-sheet');
    await sheet.getByLabel('金额').fill('100');
    await snapSettled('yuebao-pledge-sheet');
    await sheet.getByRole('button', { name: '确认质押' }).click();
    await typeSafetyPassword('pledge-sheet-safety');
    const order = page.getByTestId('pledge-order').first();
    await expect.poll(() => order.textContent()).toContain('质押中');
    await snap(page, 'yuebao-pledged');
    await order.getByRole('button', { name: '提前取消' }).click();
    await page.getByText('违约金（1.00元）').waitFor();
    await snapSettled('yuebao-cancel-confirm');
    await page.getByRole('button', { name: '确定取消' }).click();
    await expect.poll(() => order.textContent()).toContain('已取消');
    expect(await order.textContent()).toContain('99.00');
    expect((await auditLedger(app.ctx.db)).ok).toBe(true);
    await snap(page, 'yuebao-cancelled');
  });
  it('switched off on the server, says 操作失败 once and goes home', async () => {
    // every yuebao call answers -110004, as the server does once yuebao is switched off
    const yuebaoCall = (url: URL) =>
      url.pathname.startsWith('/v1/enpath/') &&
      /yuebao|pledge/i.test(Buffer.from(url.pathname.slice('/v1/enpath/'.length), 'base64').toString());
    await page.route(yuebaoCall, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: -110004, msg: '余额宝未开启' }),
      }),
    );
    await page.goto('/balanceBao');
    const failed = page.locator('.adm-dialog-content', { hasText: '操作失败' });
    await failed
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        await snap(page, 'yuebao-switched-off-missing');
        throw error;
      });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await failed.count()).toBe(1);
    await snapSettled('yuebao-switched-off');
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/balanceBao'));
    await page.unroute(yuebaoCall);
  });
});
