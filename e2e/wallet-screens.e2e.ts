import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import {
  DEMO_PASSWORD,
  logIn,
  logOut,
  register,
  uniqueAccount,
  waitForPath,
  waitForTitle,
} from './support/ui';
import { startWalletStack, type WalletStack } from './wallet-stack';

/**
 * The rest of the wallet and security screens against the real server (default tenant settings:
 * deposits must be wagered once before a withdrawal): a failed sandbox payment, the turnover
 * block, the set-password prompt from /withdraw, Alipay / WeChat accounts, digital addresses, the
 * security question, /verifyPassword, /findSecurityPassword, a mail bound with the outbox code,
 * and a forgotten login password recovered with the security question.
 */
const SAFETY = '482913';
const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

let stack: WalletStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startWalletStack();
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
}, 180_000);

// A failing step leaves a picture of the page it failed on.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await snap(page, `wallet-failed-${task.id}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function typeSafety(digits: string): Promise<void> {
  await page.locator('.safety-popup .adm-passcode-input').click();
  await page.keyboard.type(digits, { delay: 30 });
}

/** Opens an antd-mobile Picker field and confirms its first option. */
async function pickFirst(fieldText: string): Promise<void> {
  await page.getByRole('button', { name: fieldText }).click();
  await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
}

describe('wallet and security screens', () => {
  const userName = uniqueAccount('scr');
  const newLogin = 'Fresh@2026';

  it('a failed sandbox payment leaves the order unpaid and the balance untouched', async () => {
    await page.goto('/register');
    await register(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');
    await page.goto('/recharge/wechat');
    await page.getByPlaceholder(/请输入充值金额/).fill('88.8');
    await page.getByRole('button', { name: '立即充值' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
    await page.getByRole('button', { name: '支付失败' }).click();
    await page.getByRole('link', { name: /返回/ }).click();
    await waitForPath(page, '/recharge');
    await page.getByTestId('deposit-row').first().waitFor();
    await expect.poll(() => page.getByTestId('deposit-row').first().textContent()).not.toContain('已到账');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('0.00');
  });

  it('every deposit channel page is titled with the name its card shows', async () => {
    await page.goto('/recharge');
    const cards = page.locator('.channel-item');
    await cards.first().waitFor();
    const channels = await cards.evaluateAll((els) =>
      els.map((el) => ({
        channel: el.getAttribute('data-channel') ?? '',
        name: el.querySelector('strong')?.textContent ?? '',
      })),
    );
    expect(channels.map((c) => c.channel)).toEqual(expect.arrayContaining(['unionpay', 'quickpass']));
    for (const { channel, name } of channels) {
      await page.goto('/recharge');
      await page.locator(`.channel-item[data-channel="${channel}"]`).click();
      await waitForPath(page, `/recharge/${channel}`);
      await waitForTitle(page, `吉彩娱乐-${name}`);
    }
  });

  it('withdraw without a safety password offers the popup, which sets one', async () => {
    await page.goto('/handfee');
    await waitForTitle(page, '吉彩娱乐-免手续费充值');
    await page.getByText('去绑定银行卡').waitFor();
    await page.getByRole('button', { name: '立即提现' }).click();
    await page.locator('.adm-dialog').getByText('您还未设置安全密码，是否先去设置安全密码?').waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: '去设置' }).click();
    await typeSafety(SAFETY);
    await typeSafety(SAFETY);
    await page.getByText('设置成功').waitFor();
  });

  it('binds Alipay and WeChat, then edits the Alipay account', async () => {
    await page.goto('/CreateZFBaccount');
    await page.getByPlaceholder('请输入支付宝账号').fill('zhang.san@163.com');
    await page.getByPlaceholder('请输入真实姓名').fill('张三');
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await snap(page, 'wallet-create-alipay');
    await page.getByRole('button', { name: '确认绑定' }).click();
    await waitForPath(page, '/bankcard');
    await page.goto('/CreateWXaccount');
    await page.getByPlaceholder('请输入微信账号').fill('wxid_zhangsan');
    await expect.poll(() => page.locator('.field-static').first().textContent()).toBe('张三');
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await waitForPath(page, '/bankcard');
    await page.locator('.wallet-row', { hasText: '支付宝' }).getByRole('button', { name: '修改' }).click();
    await page.waitForURL((url) => url.pathname === '/EditZFBaccount');
    await page.getByPlaceholder('请输入支付宝账号').fill('13800138000');
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await page.getByRole('button', { name: '确认修改' }).click();
    await waitForPath(page, '/bankcard');
    await expect
      .poll(() => page.locator('.wallet-row', { hasText: '支付宝' }).textContent())
      .toContain('8000');
    await expect.poll(() => page.locator('.wallet-row', { hasText: '微信' }).textContent()).toContain('张三');
  });

  it('adds and edits a digital-currency address', async () => {
    await page.goto('/digitalCurrency');
    await page.getByText('暂无数字货币地址').waitFor();
    await page.getByRole('button', { name: '添加钱包地址' }).click();
    await waitForPath(page, '/addDigitalCurrency');
    await page.getByPlaceholder('以T开头的34位地址').fill('T123');
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await page.getByRole('button', { name: '确认添加' }).click();
    await page.getByText('钱包地址格式不正确').waitFor();
    await page.getByPlaceholder('以T开头的34位地址').fill(TRC20);
    await page.getByPlaceholder('选填，最多20字').fill('主钱包');
    await page.getByRole('button', { name: '确认添加' }).click();
    await waitForPath(page, '/digitalCurrency');
    await expect.poll(() => page.getByTestId('digital-row').textContent()).toContain(TRC20);
    await snap(page, 'wallet-digital-currency');
    await page.getByTestId('digital-row').getByRole('button', { name: '修改' }).click();
    await page.waitForURL((url) => url.pathname === '/upDateDigitalCurrency');
    await expect.poll(() => page.getByPlaceholder('以T开头的34位地址').inputValue()).toBe(TRC20);
    await page.getByPlaceholder('选填，最多20字').fill('备用');
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await page.getByRole('button', { name: '确认修改' }).click();
    await waitForPath(page, '/digitalCurrency');
    await expect.poll(() => page.getByTestId('digital-row').textContent()).toContain('备用');
  });

  it('cannot withdraw a deposit that is not wagered yet', async () => {
    await page.goto('/recharge/banktransfer');
    await page.getByPlaceholder(/请输入充值金额/).fill('300');
    await page.getByPlaceholder('请输入转账银行卡的开户姓名').fill('张三');
    await page.getByRole('button', { name: '提交订单' }).click();
    const orderNo = (await page.locator('.adm-result-description').textContent())!
      .replace('订单号 ', '')
      .trim();
    await stack.admin('deposit-confirm', orderNo);
    await expect
      .poll(() => page.getByTestId('order-status').textContent(), { timeout: 10_000 })
      .toBe('已到账');
    await page.goto('/withdraw');
    await page.getByTestId('turnover').waitFor();
    await expect.poll(() => page.getByTestId('turnover').textContent()).toContain('还需投注 303.00 元');
    await page.locator('.payout-option', { hasText: '支付宝' }).click();
    await page.getByPlaceholder(/单笔/).fill('100');
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await page.getByRole('button', { name: '立即提现' }).click();
    await page
      .getByText(/打码量未达到提现要求/)
      .first()
      .waitFor();
    await snap(page, 'wallet-withdraw-turnover');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('303.00');
  });

  it('sets a security question, verifies and resets the safety password', async () => {
    await page.goto('/safetyQuestion');
    await page.getByText('未绑定密保问题').waitFor();
    await page.getByRole('button', { name: '绑定密保问题' }).click();
    await waitForPath(page, '/setSafetyQuestion');
    await pickFirst('请选择密保问题');
    await page.getByPlaceholder('请输入答案').fill('王芳');
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await page.getByRole('button', { name: '确认设置' }).click();
    await waitForPath(page, '/safetyQuestion');
    await page.getByText('已绑定密保问题').waitFor();

    await page.goto('/verifyPassword?redirect=/bankcard');
    await page.locator('.adm-passcode-input').click();
    await page.keyboard.type(SAFETY, { delay: 30 });
    await waitForPath(page, '/bankcard');

    await page.goto('/findSecurityPassword');
    await page.getByPlaceholder('请输入登录密码').fill(DEMO_PASSWORD);
    await page.getByPlaceholder('请输入6位安全密码').nth(0).fill('135792');
    await page.getByPlaceholder('请输入6位安全密码').nth(1).fill('135792');
    await snap(page, 'wallet-find-security-password');
    await page.getByRole('button', { name: '确认' }).click();
    await waitForPath(page, '/securityCenter');
    await snap(page, 'wallet-security-center-set');
  });

  it('binds a mail with the code from the outbox', async () => {
    await page.goto('/setMail');
    await page.getByPlaceholder('请输入邮箱地址').fill('zhangsan@example.com');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    const line =
      (await stack.admin('outbox')).split('\n').find((l) => l.includes('zhangsan@example.com')) ?? '';
    const code = /验证码为(\d{6})/.exec(line)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByPlaceholder('请输入6位验证码').fill(code!);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await waitForPath(page, '/secretMail');
    await page.getByText('zh***@example.com').waitFor();
  });

  it('recovers a forgotten login password with the security question', async () => {
    await logOut(page);
    await page.goto('/forgotPassword');
    await page.getByPlaceholder('请输入账号').fill(userName);
    await page.getByText('通过密保问题找回').click();
    await snap(page, 'wallet-forgot-password');
    await page.getByRole('button', { name: '下一步' }).click();
    await waitForPath(page, '/retrievePassword');
    await pickFirst('请选择密保问题');
    await page.getByPlaceholder('请输入答案').fill('王芳');
    await page.getByRole('button', { name: '下一步' }).click();
    await waitForPath(page, '/setLoginPassword');
    await page.getByPlaceholder('6-16位字母、数字或!@#$%^&*').fill(newLogin);
    await page.getByPlaceholder('请再次输入新密码').fill(newLogin);
    await page.getByRole('button', { name: '确认修改' }).click();
    await waitForPath(page, '/login');
    await logIn(page, userName, newLogin);
    await waitForPath(page, '/home');
  });
});
