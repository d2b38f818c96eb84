import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeEnpath, ENPATH_PREFIX } from '../packages/contract/src/enpath';
import { launch, OUTPUT_DIR, phone, snap } from './support/browser';
import { DEMO_PASSWORD, logIn, logOut, register, uniqueAccount, waitForPath } from './support/ui';
import { startWalletStack, type WalletStack } from './wallet-stack';

/**
 * Issue 20's security-centre gaps against the real server: /setphone and /setMail say what is
 * wrong with a contact instead of a grey 获取验证码 (and send nothing), every form that asks for a
 * password twice says 两次密码输入不一致 once, and the nickname and gender rows of personalInfo
 * line up.
 */
const SAFETY = '482913';
const MISMATCH = '两次密码输入不一致';

let stack: WalletStack;
let browser: Browser;
let page: Page;
/** API paths the page has called, decoded from /v1/enpath/… */
const called: string[] = [];

beforeAll(async () => {
  stack = await startWalletStack();
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(ENPATH_PREFIX))
      called.push(decodeEnpath(pathname.slice(ENPATH_PREFIX.length)) ?? '');
  });
}, 180_000);

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await snap(page, `security-failed-${task.id}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** How many visible places on the screen say `text` (a toast counts as one). */
async function timesShown(text: string): Promise<number> {
  await page.getByText(text, { exact: true }).first().waitFor();
  // a toast raised by the same check is on screen within a frame or two; give it time to come
  await page.waitForTimeout(500);
  return page.getByText(text, { exact: true }).filter({ visible: true }).count();
}

async function typeSafety(digits: string): Promise<void> {
  await page.locator('.safety-popup .adm-passcode-input').click();
  await page.keyboard.type(digits, { delay: 30 });
}

const codeButton = () => page.getByRole('button', { name: '获取验证码' });

/** Lines of the server's outbox that went to `target`. */
async function outboxTo(target: string): Promise<string[]> {
  return (await stack.admin('outbox')).split('\n').filter((line) => line.includes(target));
}

describe('security forms', () => {
  const userName = uniqueAccount('sec');

  it('register: a different confirmation says 两次密码输入不一致 once', async () => {
    await page.goto('/register');
    await page.getByPlaceholder('6-16位字母、数字或!@#$%^&*').fill(DEMO_PASSWORD);
    await page.getByPlaceholder('请再次输入密码').fill('Other@2026');
    await page.getByRole('button', { name: '立即注册' }).click();
    expect(await timesShown(MISMATCH)).toBe(1);
    await register(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');
  });

  it('personalInfo: the nickname and gender rows line up with the rows above them', async () => {
    await page.goto('/personal/personalInfo');
    const account = page.locator('.personal-info .adm-list-item', { hasText: '账号' });
    const nick = page.locator('.personal-info .adm-form-item', { hasText: '昵称' });
    const gender = page.locator('.personal-info .adm-form-item', { hasText: '性别' });
    await gender.getByText('保密').waitFor();
    await snap(page, 'personal-info');
    const box = async (row: typeof nick, part: string) => (await row.locator(part).last().boundingBox())!;
    const labels = {
      account: await box(account, '.adm-list-item-content-main'),
      nick: await box(nick, '.adm-form-item-label'),
      gender: await box(gender, '.adm-form-item-label'),
    };
    const values = {
      account: await box(account, '.adm-list-item-content-extra'),
      nick: await box(nick, 'input'),
      gender: await box(gender, '.adm-radio'), // the last choice, 保密
    };
    const right = (b: { x: number; width: number }) => b.x + b.width;
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    // one left edge for every label, one right edge for every value
    expect(Math.abs(labels.nick.x - labels.account.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(labels.gender.x - labels.account.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(right(values.nick) - right(values.account))).toBeLessThanOrEqual(1);
    expect(Math.abs(right(values.gender) - right(values.account))).toBeLessThanOrEqual(1);
    // each label on its value's line
    expect(Math.abs(middle(labels.nick) - middle(values.nick))).toBeLessThanOrEqual(2);
    expect(Math.abs(middle(labels.gender) - middle(values.gender))).toBeLessThanOrEqual(2);
    // and the labels read like the rows above (same size and colour)
    const look = (row: typeof nick, part: string) =>
      row
        .locator(part)
        .first()
        .evaluate((el) => `${getComputedStyle(el).fontSize} ${getComputedStyle(el).color}`);
    const accountLook = await look(account, '.adm-list-item-content-main');
    expect(await look(nick, '.adm-form-item-label')).toBe(accountLook);
    expect(await look(gender, '.adm-form-item-label')).toBe(accountLook);
  });

  it('/setphone: 获取验证码 says what is wrong with the number and sends nothing', async () => {
    await page.goto('/setphone');
    called.length = 0;
    await codeButton().click();
    await page.getByText('请输入手机号码', { exact: true }).waitFor();
    for (const wrong of ['1380013800', '12800138000']) {
      await page.getByPlaceholder('请输入手机号码').fill(wrong);
      await codeButton().click();
      await page.getByText('手机号码格式不正确').waitFor();
      // snap() waits for toasts to leave; this picture is of the toast
      await page.screenshot({ path: join(OUTPUT_DIR, 'security-setphone-invalid.png') });
      await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
      await expect.poll(() => codeButton().isEnabled()).toBe(true); // no countdown started
      expect(await outboxTo(wrong)).toEqual([]);
    }
    expect(called).not.toContain('users/sendPhoneCode');
    await page.getByPlaceholder('请输入手机号码').fill('13800138000');
    await codeButton().click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    expect(called.filter((path) => path === 'users/sendPhoneCode')).toHaveLength(1);
    expect(await outboxTo('13800138000')).toHaveLength(1);
  });

  it('/setMail: 获取验证码 says what is wrong with the address and sends nothing', async () => {
    await page.goto('/setMail');
    called.length = 0;
    await page.getByPlaceholder('请输入邮箱地址').fill('zhangsan@example');
    await codeButton().click();
    await page.getByText('邮箱格式不正确').waitFor();
    await page.screenshot({ path: join(OUTPUT_DIR, 'security-setmail-invalid.png') });
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await expect.poll(() => codeButton().isEnabled()).toBe(true);
    expect(called).not.toContain('users/sendMailCode');
    expect(await outboxTo('zhangsan@example')).toEqual([]);
  });

  it('safety-password popup: a mismatch goes back to step 1 and says so once', async () => {
    await page.goto('/securityCenter');
    await page.getByText('安全密码', { exact: true }).click();
    await typeSafety(SAFETY);
    await page.getByText('请再次输入新的安全密码').waitFor();
    await typeSafety('482914');
    await page.getByText('请设置新的安全密码').waitFor();
    expect(await timesShown(MISMATCH)).toBe(1);
    await snap(page, 'security-safety-mismatch');
    await typeSafety(SAFETY);
    await typeSafety(SAFETY);
    await page.getByText('设置成功').waitFor();
    await page.locator('.safety-popup').waitFor({ state: 'hidden' });
  });

  it('/findSecurityPassword: a different confirmation says so once', async () => {
    await page.goto('/findSecurityPassword');
    await page.getByPlaceholder('请输入登录密码').fill(DEMO_PASSWORD);
    await page.getByPlaceholder('请输入6位安全密码').nth(0).fill('135792');
    await page.getByPlaceholder('请输入6位安全密码').nth(1).fill('135793');
    await page.getByRole('button', { name: '确认' }).click();
    expect(await timesShown(MISMATCH)).toBe(1);
  });

  it('/resetLoginPassword: a different confirmation says so once', async () => {
    await page.goto('/resetLoginPassword');
    await page.getByPlaceholder('请输入旧密码').fill(DEMO_PASSWORD);
    await page.getByPlaceholder('6-16位字母、数字或!@#$%^&*').fill('Fresh@2026');
    await page.getByPlaceholder('请再次输入新密码').fill('Fresh@2027');
    await page.getByRole('button', { name: '确认修改' }).click();
    expect(await timesShown(MISMATCH)).toBe(1);
  });
  it('/setLoginPassword (forgotten password): a different confirmation says so once', async () => {
    await page.goto('/setSafetyQuestion');
    await page.getByRole('button', { name: '请选择密保问题' }).click();
    await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
    await page.getByPlaceholder('请输入答案').fill('王芳');
    await page.getByPlaceholder('请输入6位安全密码').fill(SAFETY);
    await page.getByRole('button', { name: '确认设置' }).click();
    await waitForPath(page, '/safetyQuestion');
    await logOut(page);
    await page.goto('/forgotPassword');
    await page.getByPlaceholder('请输入账号').fill(userName);
    await page.getByText('通过密保问题找回').click();
    await page.getByRole('button', { name: '下一步' }).click();
    await waitForPath(page, '/retrievePassword');
    await page.getByRole('button', { name: '请选择密保问题' }).click();
    await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
    await page.getByPlaceholder('请输入答案').fill('王芳');
    await page.getByRole('button', { name: '下一步' }).click();
    await waitForPath(page, '/setLoginPassword');
    await page.getByPlaceholder('6-16位字母、数字或!@#$%^&*').fill('Fresh@2026');
    await page.getByPlaceholder('请再次输入新密码').fill('Fresh@2027');
    await page.getByRole('button', { name: '确认修改' }).click();
    expect(await timesShown(MISMATCH)).toBe(1);
    await page.getByPlaceholder('请再次输入新密码').fill('Fresh@2026');
    await page.getByRole('button', { name: '确认修改' }).click();
    await waitForPath(page, '/login');
    await logIn(page, userName, 'Fresh@2026');
    await waitForPath(page, '/home');
  });
});
