import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enpathUrl } from '@lottery/contract/enpath';
import type { Browser, Page, Request } from 'playwright-core';
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

/** Where each typed field of the form is, by its placeholder. */
const INPUTS = { userName: '请输入账号', realName: '与绑定银行卡一致', phone: '用于客服联系您' } as const;
type Typed = Record<keyof typeof INPUTS, string>;

/**
 * Values the field rules of spec §5 refuse (contract/src/fields.ts, every boundary tested in
 * fields.test.ts): a real name of 26 Chinese letters (at most 25 once dots are removed), one in
 * another script, one with a space; a mobile starting 12. Each is asked of the server first, then
 * typed into the page, which must refuse it with the server's words without sending anything.
 * Four, because the server takes five submissions a minute from one address and the flow below
 * sends the fifth.
 */
const REFUSED: [keyof Typed, string][] = [
  ['realName', '李'.repeat(26)],
  ['realName', 'Иван'],
  ['realName', 'John Smith'],
  ['phone', '12912345678'],
];

async function refusesWhatTheServerRefuses(): Promise<void> {
  const valid: Typed = { userName, realName: '李小明', phone: '13912345678' };
  const submitCall = enpathUrl('users/manualVerification');
  let submitted = 0;
  const countSubmit = (request: Request) => {
    if (new URL(request.url()).pathname === submitCall) submitted += 1;
  };
  page.on('request', countSubmit);
  try {
    for (const [field, value] of REFUSED) {
      const typed = { ...valid, [field]: value };
      const answer = await page.request.post(submitCall, { form: { ...typed, images: '' } });
      const { code, msg } = (await answer.json()) as { code: number; msg: string };
      expect(code, `${field} ${value}`).toBe(-2);
      expect(msg).toMatch(/^(真实姓名|手机号码)格式不正确$/);

      for (const [name, placeholder] of Object.entries(INPUTS))
        await page.getByPlaceholder(placeholder).fill(typed[name as keyof Typed]);
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.getByText(msg, { exact: true }).waitFor();
      await page.getByText(msg, { exact: true }).waitFor({ state: 'detached' });
    }
  } finally {
    page.off('request', countSubmit);
  }
  // the page refused each one itself: not one submission reached the server from it
  expect(submitted).toBe(0);
}

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

    await refusesWhatTheServerRefuses();
    await page.getByPlaceholder('请输入账号').fill(userName);
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
