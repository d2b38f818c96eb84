import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../apps/server/src/modules/betting/testing';
import { encryptSafetyPassword, setSafetyPassword } from '../apps/server/src/modules/security/index';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';
import { startWalletStack, type WalletStack } from './wallet-stack';

/**
 * Issue 15's remaining account calls on the screens that use them (docs/api.md "Remaining account
 * and wallet calls"): /bankcard removes a card through users/destructionCheckBankCard (check,
 * confirm, safety keypad), /personal/personalInfo uploads an own avatar (users/uploadImage), and
 * /recharge takes payment proofs for a pending digital-currency order (files/uploadImageFiles,
 * digitalCurrencyOrderImageCount) and pays it from yuebao (transaction/frontVirtualWalletPay).
 * The player's safety password and first card are set up through the server, as the operator's
 * fixtures do; everything the test looks at goes through the browser.
 */
const SAFETY = '482913';

let stack: WalletStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const userName = uniqueAccount('rmc');
let userId = 0;
const wire = () => encryptSafetyPassword(SAFETY, userName, stack.app.ctx.clock.now());

beforeAll(async () => {
  stack = await startWalletStack();
  browser = await launch();
  ({ context, page } = await phone(browser, stack.baseUrl));
}, 180_000);

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await snap(page, `remaining-failed-${task.id}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** The server call as this browser's player (its session cookie). */
async function asPlayer(method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await stack.app.inject({
    method,
    url: `/v1/${path}`,
    headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  return res.json() as { code: number; msg: string; data?: Record<string, unknown> };
}

describe('remaining account calls on their screens', () => {
  it('removes a bank card on /bankcard with the safety password', async () => {
    await page.goto('/register');
    await register(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');
    const info = await asPlayer('GET', 'users/info');
    userId = Number(info.data!.userId);
    const now = stack.app.ctx.clock.now();
    await setSafetyPassword(
      stack.app.ctx.db,
      { userId, userName },
      { safetyPassword: encryptSafetyPassword(SAFETY, userName, now) },
      now,
    );
    const added = await asPlayer('POST', 'users/addBankCard', {
      cardNo: '6222021234567890123',
      realName: '张三',
      safetyPassword: encryptSafetyPassword(SAFETY, userName, stack.app.ctx.clock.now()),
    });
    expect(added.code, added.msg).toBe(1);

    await page.goto('/bankcard');
    await page.getByTestId('bank-card').waitFor();
    await snap(page, 'remaining-bankcard');
    await page.getByRole('button', { name: '删除银行卡' }).click();
    await page.locator('.adm-dialog').getByText('确定删除该银行卡吗？').waitFor();
    await snap(page, 'remaining-bankcard-confirm');
    await page.locator('.adm-dialog').getByRole('button', { name: '删除' }).click();
    await page.locator('.safety-popup .adm-passcode-input').click();
    await page.keyboard.type(SAFETY, { delay: 30 });
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => page.getByTestId('bank-card').count()).toBe(0);
    await page.getByText('已绑定 0/5 张银行卡').waitFor();
    await snap(page, 'remaining-bankcard-removed');
  });

  it('uploads an own avatar on /personal/personalInfo', async () => {
    await page.goto('/personal/personalInfo');
    await page.getByText('头像').click();
    await page.getByText('上传头像').waitFor();
    await snap(page, 'remaining-avatar-picker');
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('avatar-upload')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => page.locator('.uc-menu .adm-avatar img').first().getAttribute('src'))
      .toMatch(/^\/v1\/files\/avatar\/\d{6}\/[A-Za-z0-9_-]{20}\.jpg$/);
    await page.reload();
    await expect
      .poll(() => page.locator('.uc-menu .adm-avatar img').first().getAttribute('src'))
      .toMatch(/^\/v1\/files\/avatar\//);
    await snap(page, 'remaining-avatar-set');
  });

  it('uploads proofs for a pending digital-currency order and pays it from yuebao on /recharge', async () => {
    const tenantId = (await stack.app.ctx.tenant.get())!.id;
    await fund(stack.app.ctx.db, tenantId, userId, 500);
    const saved = await asPlayer('POST', 'balance/transferInYuebao', {
      amount: '200',
      safetyPassword: wire(),
    });
    expect(saved.code, saved.msg).toBe(1);
    const created = await asPlayer('POST', 'transaction/rechargeFrontPaymentRecord', {
      channel: 'digitalcurrencypay',
      amount: '100',
    });
    expect(created.code, created.msg).toBe(1);
    const orderNo = String(created.data!.orderNo);

    await page.goto('/recharge');
    const actions = page.getByTestId('deposit-actions');
    await actions.getByText('上传凭证 0/5').waitFor();
    const png = await sharp({ create: { width: 500, height: 900, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    await page.getByTestId('proof-upload').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: png },
      { name: 'b.png', mimeType: 'image/png', buffer: png },
    ]);
    await actions.getByText('上传凭证 2/5').waitFor();
    expect(
      (await asPlayer('GET', `transaction/digitalCurrencyOrderImageCount?orderNo=${orderNo}`)).data,
    ).toMatchObject({
      count: 2,
    });
    await actions.scrollIntoViewIfNeeded();
    await snap(page, 'remaining-recharge-pending');

    await actions.getByRole('button', { name: '余额宝支付' }).click();
    await page.locator('.adm-dialog').getByText('使用余额宝支付 100.00 元？').waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: '支付' }).click();
    await page.locator('.safety-popup .adm-passcode-input').click();
    await page.keyboard.type(SAFETY, { delay: 30 });
    await page.getByText('支付成功').waitFor();
    await expect.poll(() => page.getByTestId('deposit-actions').count()).toBe(0);
    await expect.poll(() => page.locator(`[data-order="${orderNo}"]`).textContent()).toContain('已到账');
    await page.locator(`[data-order="${orderNo}"]`).scrollIntoViewIfNeeded();
    await snap(page, 'remaining-recharge-paid');
    const info = await asPlayer('GET', 'balance/getMyYuebaoInfo');
    expect(info.data!.yuebaoBalance).toBe('100.0000');
  });
});
