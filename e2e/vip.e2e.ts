import type { UserUpGradeBonus } from '@lottery/contract/activity';
import { parseMoney } from '@lottery/contract/money';
import { beijingDayNumber, beijingMidnightMs } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWalletDefaults } from '../apps/server/src/modules/payment/index';
import type { SteppingClock } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { type ClockedApp, playerLedger, startClockedApp } from './support/clocked-app';
import { DEMO_PASSWORD, logIn, logOut, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * Daily sign-in and VIP growth on a phone-sized Chromium: a new player signs in on the grade page,
 * the server clock moves to the next Beijing day, the player signs again (streak 2, the day-2
 * reward), deposits 1000 through the sandbox cashier (growth 1000 = VIP2), sees the upgrade prompt
 * on /userCenter, follows 领取奖励 to the grade page and claims 8.00 once; a second claim pays
 * nothing. The balance shown equals the sum of the player's ledger entries.
 */

let stack: ClockedApp;
let app: FastifyInstance;
let clock: SteppingClock;
let browser: Browser;
let page: Page;
const userName = uniqueAccount('vip');

async function api<T>(
  path: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ([p, m]) =>
      (
        await fetch(`/v1/${p}`, {
          method: m,
          headers: m === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
          body: m === 'POST' ? '' : undefined,
        })
      ).json(),
    [path, method] as const,
  );
}

const ledger = () => playerLedger(app, userName);

/**
 * A new Beijing day: the player logs out (as a player leaving for the night does; a stale stored
 * login would meet its expired session with redirects while the login page is filled), the clock
 * jumps to 09:00 of the next day, and the player logs in again.
 */
async function nextDayAndLogIn() {
  await logOut(page);
  const tomorrow = beijingDayNumber(clock.now()) + 1;
  clock.jumpTo(beijingMidnightMs(tomorrow) + 9 * 3_600_000);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').waitFor();
  await logIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
}

beforeAll(async () => {
  stack = await startClockedApp('vip');
  ({ app, clock } = stack);
  // the payment channels the sandbox cashier serves (as the wallet specs do)
  await ensureWalletDefaults(app.ctx.db, (await app.ctx.tenant.get())!.id, false);
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  await page.goto('/register');
  await register(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('daily sign-in and VIP growth', () => {
  it('signs in today on the grade page, and only once', async () => {
    await page.goto('/personal/personalGrade');
    await expect.poll(() => page.getByTestId('vip-grade').textContent()).toBe('VIP1');
    const signButton = page.getByRole('button', { name: /立即签到/ });
    await expect.poll(() => signButton.textContent()).toContain('领1.00元');
    await snap(page, 'vip-grade-before-sign');
    await signButton.click();
    await page.getByRole('button', { name: '今日已签到' }).waitFor();
    await expect.poll(() => page.getByTestId('sign-streak').textContent()).toContain('1');
    // a second sign the same day pays nothing
    expect(await api('activity/signToday', 'POST')).toMatchObject({
      code: -2,
      msg: '今日已签到，请明天再来',
    });
    expect((await ledger()).balanceMinor).toBe(parseMoney('1'));
    await snap(page, 'vip-signed-day1');
  });

  it('signs in again the next Beijing day: streak 2, the day-2 reward', async () => {
    await nextDayAndLogIn();
    await page.goto('/personal/personalGrade');
    const signButton = page.getByRole('button', { name: /立即签到/ });
    await expect.poll(() => signButton.textContent()).toContain('领2.00元');
    await signButton.click();
    await page.getByRole('button', { name: '今日已签到' }).waitFor();
    await expect.poll(() => page.getByTestId('sign-streak').textContent()).toMatch(/已连续签到\s*2\s*天/);
    expect((await ledger()).balanceMinor).toBe(parseMoney('3'));
    await snap(page, 'vip-signed-day2');
  });

  it('reaches VIP2 by a 1000 deposit, is prompted on /userCenter and claims the bonus once', async () => {
    await page.goto('/recharge');
    await page.locator('.channel-item[data-channel="alipay"]').click();
    await waitForPath(page, '/recharge/alipay');
    await page.getByPlaceholder(/请输入充值金额/).fill('1000');
    await page.getByRole('button', { name: '立即充值' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByRole('link', { name: /返回/ }).click();
    await waitForPath(page, '/recharge');
    await expect
      .poll(async () => (await api<UserUpGradeBonus>('activity/getUserUpGradeBonus')).data.userGrade)
      .toBe(2);

    // the prompt: only on /home, /winningInfomation, /userCenter
    await page.goto('/userCenter');
    const prompt = page.getByRole('dialog', { name: '晋级奖励' });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('恭喜您已晋级VIP2');
    await expect.poll(() => prompt.textContent()).toContain('8.00');
    await snap(page, 'vip-upgrade-prompt');
    await prompt.getByRole('button', { name: '领取奖励' }).click();
    // the prompt says 快去活动中心领取吧！: 领取奖励 opens the activity centre, which offers the bonus
    await waitForPath(page, '/activity');

    await expect.poll(() => page.getByTestId('vip-claimable').textContent()).toBe('8.00元');
    await page.getByRole('dialog', { name: '晋级奖励' }).waitFor({ state: 'hidden' });
    await snap(page, 'vip-activity-centre-bonus');
    const before = (await ledger()).balanceMinor;
    await page.getByRole('region', { name: '晋级奖励' }).getByRole('button', { name: '领取奖励' }).click();
    await expect.poll(() => page.getByTestId('vip-claimable').textContent()).toBe('0.00元');
    await expect.poll(async () => (await ledger()).balanceMinor).toBe(before + parseMoney('8'));
    await page.goto('/personal/personalGrade');
    await expect.poll(() => page.getByTestId('vip-grade').textContent()).toBe('VIP2');
    await expect.poll(() => page.getByTestId('vip-claimable').textContent()).toBe('0.00元');
    await snap(page, 'vip-bonus-claimed');

    // a second claim pays nothing
    expect(await api('activity/receiveUpGradeBonus', 'POST')).toMatchObject({
      code: -2,
      msg: '暂无可领取的晋级奖励',
    });
    const after = await ledger();
    expect(after.balanceMinor).toBe(before + parseMoney('8'));
    expect(after.entrySumMinor).toBe(after.balanceMinor);
    expect(after.codes.filter((c) => c === 215)).toHaveLength(2);
    expect(after.codes.filter((c) => c === 219)).toHaveLength(1);
    const shown = await api<{ balance: string }>('balance/queryBalanceFront');
    expect(parseMoney(shown.data.balance)).toBe(after.balanceMinor);

    // stays away once claimed
    await page.goto('/userCenter');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog', { name: '晋级奖励' }).isVisible()).toBe(false);
  });
});
