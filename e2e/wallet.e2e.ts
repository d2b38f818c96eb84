import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';
import { startWalletStack, type WalletStack } from './wallet-stack';

/**
 * The wallet's "done when" (issue 4) in a phone-sized Chromium against the real server: a new
 * player deposits through the sandbox provider and through a bank transfer the operator confirms,
 * sees both in the records, sets a safety password with the three-step popup, binds a card,
 * withdraws twice, and sees the operator approve one and reject the other (money back).
 * The operator acts through the admin CLI's commands on the server's own database.
 */
const SAFETY = '482913';

let stack: WalletStack;
let browser: Browser;
let page: Page;
const admin = (command: string, ...args: string[]) => stack.admin(command, ...args);

const balanceText = () => page.getByTestId('wallet-balance').textContent();
async function expectBalance(text: string): Promise<void> {
  await expect.poll(balanceText, { timeout: 10_000 }).toBe(text);
}

/** Types into the safety-password popup (antd-mobile PasscodeInput, native input under it). */
async function typeSafety(digits: string): Promise<void> {
  await page.locator('.safety-popup .adm-passcode-input').click();
  await page.keyboard.type(digits, { delay: 30 });
}

beforeAll(async () => {
  stack = await startWalletStack();
  // This tenant asks no wagering before a withdrawal (the default is 100 % of each deposit).
  await stack.setTurnoverPercent(0);
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

describe('a new player’s wallet', () => {
  const userName = uniqueAccount('wal');

  it('registers and sees the channel list with limits', async () => {
    await page.goto('/register');
    await register(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');
    await page.goto('/recharge');
    await page.locator('.channel-item').first().waitFor();
    const channels = await page
      .locator('.channel-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-channel')));
    expect(channels).toEqual(
      expect.arrayContaining(['banktransfer', 'alipay', 'wechat', 'douyin', 'digitalrmb']),
    );
    await expectBalance('0.00');
    await snap(page, 'wallet-recharge');
  });

  it('deposits 200 through the sandbox provider (Alipay) and comes back to a credited balance', async () => {
    await page.locator('.channel-item[data-channel="alipay"]').click();
    await waitForPath(page, '/recharge/alipay');
    await page.getByPlaceholder(/请输入充值金额/).fill('5');
    await page.getByRole('button', { name: '立即充值' }).click();
    await page.getByText('单笔充值金额范围为10.00-50000.00元').waitFor();
    await page.locator('.amount-quick button', { hasText: /^200$/ }).click();
    await expect.poll(() => page.getByPlaceholder(/请输入充值金额/).inputValue()).toBe('200');
    await page.getByText('本次可获充值优惠 2.00 元').waitFor();
    await snap(page, 'wallet-recharge-alipay');
    await page.getByRole('button', { name: '立即充值' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
    await page.getByText('¥200.00').waitFor();
    await snap(page, 'wallet-sandbox-cashier');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByRole('link', { name: /返回/ }).click();
    await waitForPath(page, '/recharge');
    await expectBalance('202.00');
    const row = page.getByTestId('deposit-row').first();
    await expect.poll(() => row.textContent()).toContain('已到账');
    await snap(page, 'wallet-recharge-after-sandbox');
  });

  let bankOrder = '';
  it('deposits 300 by bank transfer: sees the receiving account and waits for the operator', async () => {
    await page.locator('.channel-item[data-channel="banktransfer"]').click();
    await waitForPath(page, '/recharge/banktransfer');
    await page.getByPlaceholder(/请输入充值金额/).fill('300');
    await page.getByPlaceholder('请输入转账银行卡的开户姓名').fill('张三');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.getByTestId('receiver').waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('等待确认');
    await expect.poll(() => page.getByTestId('receiver').textContent()).toContain('6222020200112233445');
    bankOrder = (await page.locator('.adm-result-description').textContent())!.replace('订单号 ', '').trim();
    expect(bankOrder).toMatch(/^D\d{21}$/);
    await snap(page, 'wallet-banktransfer-waiting');

    const pending = await admin('deposits', '--status', 'pending');
    expect(pending).toContain(bankOrder);
    await admin('deposit-confirm', bankOrder, '--remark', 'e2e 到账');
    // the page polls the order and shows it credited
    await expect
      .poll(() => page.getByTestId('order-status').textContent(), { timeout: 10_000 })
      .toBe('已到账');
    await page.getByText('充值成功').waitFor();
    await snap(page, 'wallet-banktransfer-paid');
    await page.goto('/recharge');
    await expectBalance('505.00');
  });

  it('sees both deposits and their bonuses in the transaction records', async () => {
    await page.goto('/transctionRecord');
    await page.getByTestId('record-row').first().waitFor();
    const types = await page
      .getByTestId('record-row')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types.sort()).toEqual(['102', '103', '208', '208']);
    await expect.poll(() => page.getByTestId('income').textContent()).toBe('505.00');
    await page.getByText('已显示全部记录').waitFor();
    await snap(page, 'wallet-records');
    await page.locator('.adm-capsule-tabs-tab', { hasText: '支出' }).click();
    await page.getByText('暂无交易记录').waitFor();
    await page.locator('.wallet-filter .adm-dropdown-item').click();
    await page.getByText('昨天', { exact: true }).click();
    await page.getByText('暂无交易记录').waitFor();
  });

  it('sets a safety password with the popup: a mismatch goes back to step 1, cleared', async () => {
    await page.goto('/securityCenter');
    await page.getByText('安全密码', { exact: true }).click();
    await page.getByText('请设置新的安全密码').waitFor();
    await typeSafety('111111');
    await page.locator('.safety-popup-error', { hasText: '安全密码不能过于简单' }).waitFor();
    await typeSafety(SAFETY);
    await page.getByText('请再次输入新的安全密码').waitFor();
    await snap(page, 'wallet-safety-step2');
    await typeSafety('482914');
    await page.getByText('请设置新的安全密码').waitFor();
    await expect.poll(() => page.getByTestId('safety-step').getAttribute('data-step')).toBe('1');
    await typeSafety(SAFETY);
    await typeSafety(SAFETY);
    await page.getByText('设置成功').waitFor();
    await page.locator('.safety-popup').waitFor({ state: 'hidden' });
    await snap(page, 'wallet-security-center');
    await expect
      .poll(() => page.locator('.adm-list-item', { hasText: '安全密码' }).first().textContent())
      .toContain('已设置');
  });

  it('the popup now starts by verifying the current password; closing past step 1 asks to abandon', async () => {
    await page.getByText('安全密码', { exact: true }).click();
    await page.getByText('请输入当前安全密码').waitFor();
    await typeSafety('135790');
    await page
      .locator('.adm-dialog')
      .getByText(/安全密码错误，您还有\d次机会，请重试/)
      .waitFor();
    await snap(page, 'wallet-safety-wrong');
    await page.locator('.adm-dialog').getByRole('button', { name: '重新输入' }).click();
    await typeSafety(SAFETY);
    await page.getByText('请设置新的安全密码').waitFor();
    await typeSafety('246802');
    await page.getByText('请再次输入新的安全密码').waitFor();
    await page.getByRole('button', { name: '关闭' }).click();
    await page.locator('.adm-dialog').getByText('确定放弃设置安全密码吗？').waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await page.locator('.safety-popup').waitFor({ state: 'hidden' });
  });

  it('binds a bank card after verifying the safety password', async () => {
    await page.goto('/bankcard');
    await page.getByRole('button', { name: /添加银行卡/ }).click();
    await waitForPath(page, '/verifyBankCard');
    await page.locator('.adm-passcode-input').click();
    await page.keyboard.type(SAFETY, { delay: 30 });
    await waitForPath(page, '/setBankcard');
    await page.getByPlaceholder('请输入真实姓名').fill('张三');
    await page.getByPlaceholder('请输入10-28位银行卡号').fill('6228480012345678901');
    await page.getByText('中国农业银行').waitFor();
    await snap(page, 'wallet-set-bankcard');
    await page.getByRole('button', { name: '确认绑定' }).click();
    await waitForPath(page, '/bankcard');
    await page.getByTestId('bank-card').first().waitFor();
    await expect.poll(() => page.getByTestId('bank-card').first().textContent()).toContain('8901');
    await snap(page, 'wallet-bankcard');
  });

  it('/EditZFBaccount and /EditWXaccount with nothing bound open the binding form instead (issue 37)', async () => {
    // nothing to edit: an empty edit form would 确认修改 an account that does not exist
    await page.goto('/EditZFBaccount');
    await waitForPath(page, '/CreateZFBaccount');
    await page.getByRole('button', { name: '确认绑定' }).waitFor();
    await snap(page, 'wallet-edit-zfb-unbound');
    await page.goto('/EditWXaccount');
    await waitForPath(page, '/CreateWXaccount');
    await page.getByRole('button', { name: '确认绑定' }).waitFor();
  });

  const withdrawOnce = async (amount: string) => {
    await page.getByPlaceholder(/单笔 100.00-50,000.00 元/).fill(amount);
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await page.getByRole('button', { name: '立即提现' }).click();
    await page.getByText('提现申请已提交').waitFor();
  };

  it('withdraws 100 and 150: the balance drops and both wait for review', async () => {
    await page.goto('/withdraw');
    await page.locator('.payout-option').first().waitFor();
    await expectBalance('505.00');
    await withdrawOnce('100');
    await expectBalance('405.00');
    await withdrawOnce('150');
    await expectBalance('255.00');
    await expect.poll(() => page.getByTestId('wallet-frozen').textContent()).toBe('250.00');
    await expect
      .poll(() => page.locator('[data-testid="withdraw-row"][data-status="pending"]').count())
      .toBe(2);
    await snap(page, 'wallet-withdraw');
  });

  it('sees the operator approve one and reject the other, with the money returned', async () => {
    const listed = await admin('withdrawals', '--status', 'pending');
    const orders = [...listed.matchAll(/W\d{21}/g)].map((m) => m[0]);
    expect(orders).toHaveLength(2);
    const rows = page.getByTestId('withdraw-row');
    const byAmount = async (amount: string) => {
      const all = await rows.evaluateAll((els) =>
        els.map((e) => ({ order: e.getAttribute('data-order'), text: e.textContent ?? '' })),
      );
      return all.find((r) => r.text.includes(`-${amount}`))!.order!;
    };
    await admin('withdraw-approve', await byAmount('100.00'));
    await admin('withdraw-reject', await byAmount('150.00'), '--reason', '银行卡信息有误');
    await page.reload();
    await page.locator('[data-testid="withdraw-row"][data-status="approved"]').waitFor();
    await page
      .locator('[data-testid="withdraw-row"][data-status="rejected"]', { hasText: '银行卡信息有误' })
      .waitFor();
    await expectBalance('405.00');
    await expect.poll(() => page.getByTestId('wallet-frozen').textContent()).toBe('0.00');
    await snap(page, 'wallet-withdraw-reviewed');

    await page.goto('/transctionRecord');
    await page.getByTestId('record-row').first().waitFor();
    const types = await page
      .getByTestId('record-row')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types.filter((t) => t === '301')).toHaveLength(2);
    expect(types.filter((t) => t === '201')).toHaveLength(1);
    await snap(page, 'wallet-records-after');
    await expect(admin('ledger-audit')).resolves.toBeTruthy();
  });

  it('binds a phone with the code from the outbox', async () => {
    await page.goto('/setphone');
    await page.getByPlaceholder('请输入手机号码').fill('13800138000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    const outbox = await admin('outbox', '--limit', '5');
    const line = outbox.split('\n').find((l) => l.includes('13800138000')) ?? '';
    const code = /验证码为(\d{6})/.exec(line)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByPlaceholder('请输入6位验证码').fill(code!);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await waitForPath(page, '/secretPhone');
    await page.getByText('已绑定手机').waitFor();
    await page.getByText('138****8000').waitFor();
    await snap(page, 'wallet-secret-phone');
  });
});
