import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { logIn, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * Manual verification (issue 15, docs/manual-verification.md) at phone size: a player who cannot
 * pass /forgotPassword's steps sends identity details and two real photos, keeps the receipt, is
 * told it is pending; the operator lists it (the photos on disk) and approves it; the player looks
 * it up, sets a new login password and signs in with it. A second look finds the approval used.
 */
let stack: Stack;
let browser: Browser;
let page: Page;
const userName = uniqueAccount('mv');
const photosDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-photos-'));

beforeAll(async () => {
  stack = await startStack();
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  for (const [name, colour] of [
    ['front.png', '#4a8'],
    ['back.jpg', '#48a'],
  ] as const) {
    const image = sharp({ create: { width: 900, height: 560, channels: 3, background: colour } });
    writeFileSync(
      join(photosDir, name),
      await (name.endsWith('.png') ? image.png() : image.jpeg()).toBuffer(),
    );
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  rmSync(photosDir, { recursive: true, force: true });
});

describe('manual verification', () => {
  let receipt = '';

  it('a locked-out player sends details and photos from 忘记密码 and keeps the receipt', async () => {
    await page.goto('/register');
    await register(page, userName, 'Old12345');
    await waitForPath(page, '/home');
    await page.context().clearCookies();
    await page.goto('/forgotPassword');
    await page.getByText('以上方式都无法使用？人工验证').click();
    await waitForPath(page, '/manualVerification');

    await page.getByPlaceholder('请输入账号').fill(userName);
    // spec §5: 2-50 Chinese or Latin letters with middle dots, at most 25 once the dots are removed
    for (const wrong of ['李'.repeat(26), 'Иван']) {
      await page.getByPlaceholder('与绑定银行卡一致').fill(wrong);
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.getByText('真实姓名格式不正确').waitFor();
      await page.getByText('真实姓名格式不正确').waitFor({ state: 'detached' });
    }
    await page.getByPlaceholder('与绑定银行卡一致').fill('李小明');
    await page.getByPlaceholder('用于客服联系您').fill('13912345678');
    await page.getByPlaceholder('选填，最多200字').fill('原手机号已停用，收不到验证码');
    // nothing sent without a photo
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('请上传1-3张证件照片').waitFor();

    for (const [i, name] of ['front.png', 'back.jpg'].entries()) {
      await page.locator('.audit-photo-add input').setInputFiles(join(photosDir, name));
      await expect.poll(() => page.locator('.audit-photos img').count()).toBe(i + 1);
    }
    await snap(page, 'manual-verification-form');
    await page.getByRole('button', { name: '提交申请' }).click();
    receipt = (await page.getByTestId('receipt').textContent()) ?? '';
    expect(receipt).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    await snap(page, 'manual-verification-receipt');

    await page.getByRole('button', { name: '查询进度' }).click();
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.getByText('审核中，请耐心等待').waitFor();
  });

  it('the operator sees the request with its photos on disk and approves it', async () => {
    const listed = await stack.admin('verification-list', []);
    expect(listed).toContain(`account ${userName}; real name given 李小明`);
    const photos = [...listed.matchAll(/photo: (\S+)/g)].map((m) => m[1]!);
    expect(photos).toHaveLength(2);
    for (const file of photos) {
      expect(existsSync(file)).toBe(true);
      expect((await sharp(file).metadata()).format).toBe('jpeg');
    }
    const id = /#(\d+) pending/.exec(listed)![1]!;
    expect(await stack.admin('verification-approve', [id])).toBe(`request #${id} approved`);
  });

  it('the approved player sets a new login password and signs in with it; the approval is then used', async () => {
    await page.goto('/manualVerification');
    await page.getByRole('tab', { name: '查询进度' }).click();
    const status = page.locator('.adm-tabs-content:visible');
    await status.getByPlaceholder('请输入账号').fill(userName);
    await status.getByPlaceholder('XXXX-XXXX-XXXX').fill(receipt.toLowerCase());
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await waitForPath(page, '/setLoginPassword');
    await page.getByPlaceholder('6-16位字母、数字或!@#$%^&*').fill('New12345');
    await page.getByPlaceholder('请再次输入新密码').fill('New12345');
    await page.getByRole('button', { name: '确认修改' }).click();
    await waitForPath(page, '/login');
    await logIn(page, userName, 'New12345');
    await waitForPath(page, '/home');

    await page.context().clearCookies();
    await page.goto('/manualVerification');
    await page.getByRole('tab', { name: '查询进度' }).click();
    await status.getByPlaceholder('请输入账号').fill(userName);
    await status.getByPlaceholder('XXXX-XXXX-XXXX').fill(receipt);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.getByText('该申请已使用，如需再次找回请重新提交').waitFor();
    await snap(page, 'manual-verification-used');
  });
});
