import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../apps/server/src/modules/auth/index';
import { encryptSafetyPassword } from '../apps/server/src/modules/security/index';
import { launch } from './support/browser';
import { createStaff, desktop, enrol, enrolPathIn, menuLabels, snap } from './support/console';
import { type Stack, startStack } from './support/stack';

/**
 * The console's 财务 desk (issue 40 §5) in Chromium at 1440x900 against the real server. The owner
 * (created by the CLI) creates two finance clerks and an auditor. A player, made through the
 * player's own calls, asks a 200-yuan withdrawal and pays by digital currency with a proof
 * screenshot, and places a bank transfer. Finance A views the proof and confirms that deposit (the
 * player's balance rises), rejects the bank transfer with a reason, and approves the withdrawal,
 * which is at or above WITHDRAW_SECOND_APPROVAL_MINOR (100 yuan here) and so waits for a second
 * person (待第二人复核); A's second approval is refused in the server's words; finance B's approval
 * pays it. The auditor reads every one of those actions in 审计日志 and sees the desk without a
 * button that acts. Any CSP violation fails the file.
 */

const OWNER = 'boss';
const FIN_A = 'fin_a';
const FIN_B = 'fin_b';
const AUDITOR = 'audit01';
const PASSWORD = 'Finance2026secure';
const PLAYER = `fd${Date.now().toString(36).slice(-6)}`;
const PLAYER_PASSWORD = 'Abc12345';
const SAFETY = '482913';
/** 100 yuan in minor units (1 yuan = 10000): the 200-yuan withdrawal needs two approvers. */
const SECOND_APPROVAL_MINOR = '1000000';
const SAME_APPROVER_MSG = '大额提现须由另一名员工复核，不能由同一人两次批准';

let stack: Stack;
let browser: Browser;
const violations: string[] = [];
let playerId = 0;
let digitalOrder = '';
let bankOrder = '';
let withdrawOrder = '';

/** The player's own calls (form bodies, the sid cookie), as the web app makes them. */
function playerClient(baseUrl: string) {
  let cookie = '';
  const remember = (res: Response) => {
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) cookie = sid.split(';')[0]!;
  };
  const call = async (method: 'GET' | 'POST', path: string, body?: Record<string, string> | FormData) => {
    const res = await fetch(`${baseUrl}/v1/${path}`, {
      method,
      headers: {
        cookie,
        ...(body && !(body instanceof FormData)
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : {}),
      },
      body: body instanceof FormData ? body : body ? new URLSearchParams(body).toString() : undefined,
    });
    remember(res);
    const reply = (await res.json()) as { code: number; msg: string; data?: Record<string, unknown> };
    if (reply.code !== 1) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
    return reply.data ?? {};
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: Record<string, string> | FormData) => call('POST', path, body),
  };
}

/** A player with 1000 yuan (a manual credit: no turnover to wager), a bank card and three orders. */
async function preparePlayer(): Promise<void> {
  const player = playerClient(stack.baseUrl);
  const registered = await player.post('users/register', {
    userName: PLAYER,
    password: passwordDigest(PLAYER, PLAYER_PASSWORD),
  });
  playerId = Number(registered.userId);
  const safety = () => encryptSafetyPassword(SAFETY, PLAYER, Date.now());
  await player.post('users/setSafetyPassword', { safetyPassword: safety() });
  await player.post('users/addBankCard', {
    cardNo: '6222021234567890123',
    realName: '张三',
    safetyPassword: safety(),
  });
  const cards = (await player.get('users/getBankCardListFront')) as { bankCards: { id: number }[] };
  expect(
    await stack.admin('balance-adjust', [PLAYER, '1000', '--code', '401', '--reason', '测试备用金']),
  ).toContain('balance now 1000.00');

  withdrawOrder = String(
    (
      await player.post('transaction/saveFrontWithdrawRecord', {
        amount: '200',
        accountId: String(cards.bankCards[0]!.id),
        safetyPassword: safety(),
      })
    ).orderNo,
  );
  digitalOrder = String(
    (
      await player.post('transaction/rechargeFrontPaymentRecord', {
        channel: 'digitalcurrencypay',
        amount: '300',
      })
    ).orderNo,
  );
  const screenshot = await sharp({ create: { width: 480, height: 860, channels: 3, background: '#1d4e89' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="480" height="860"><rect x="40" y="120" width="400" height="90" fill="#fff"/>' +
            '<text x="240" y="180" font-size="40" text-anchor="middle" fill="#1d4e89">USDT 42.00</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const upload = new FormData();
  upload.set('orderNo', digitalOrder);
  upload.append('file', new Blob([new Uint8Array(screenshot)], { type: 'image/png' }), 'proof.png');
  await player.post('files/uploadImageFiles', upload);
  bankOrder = String(
    (
      await player.post('transaction/rechargeFrontPaymentRecord', {
        channel: 'banktransfer',
        amount: '500',
        depositorName: '张三',
      })
    ).orderNo,
  );
}

const balanceOf = async (code: string) =>
  BigInt(
    (
      await stack.query<{ b: string }>(
        'SELECT balance_minor::text AS b FROM wallet_account WHERE code = $1',
        [code],
      )
    )[0]?.b ?? '0',
  );

/** Opens a tab of the 财务 desk. */
async function openTab(page: Page, label: string): Promise<void> {
  await page.locator('.console-sider').getByText('财务').click();
  await page.getByRole('tab', { name: label }).click();
}

/** The reason dialog of a decision (titled `<action>：<order>`): the reason, then its button. */
async function decide(page: Page, action: '确认到账' | '拒绝' | '批准', reason: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${action}(提现)?：`) });
  await dialog.getByLabel('原因（记入审计日志）').fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
}

beforeAll(async () => {
  stack = await startStack({ WITHDRAW_SECOND_APPROVAL_MINOR: SECOND_APPROVAL_MINOR });
  browser = await launch();
  await preparePlayer();
}, 180_000);

/** The pages open, for a screenshot of each when a step fails. */
const open: Record<string, Page> = {};

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const [who, page] of Object.entries(open))
    await snap(page, `finance-failed-${who}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('the finance desk', () => {
  let owner: Page;
  let finA: Page;
  let finB: Page;
  const links: Record<string, string> = {};

  it('the owner creates two finance clerks and an auditor', async () => {
    const printed = await stack.admin('staff-create', [OWNER, '--role', 'owner']);
    ({ page: owner } = await desktop(browser, stack.baseUrl, violations));
    await enrol(owner, enrolPathIn(printed), OWNER, PASSWORD);
    await owner.locator('.console-sider').getByText('员工管理').click();
    links[FIN_A] = await createStaff(owner, FIN_A, '财务');
    links[FIN_B] = await createStaff(owner, FIN_B, '财务');
    links[AUDITOR] = await createStaff(owner, AUDITOR, '审计');
    ({ page: finA } = await desktop(browser, stack.baseUrl, violations));
    await enrol(finA, links[FIN_A], FIN_A, PASSWORD);
    open.finA = finA;
    ({ page: finB } = await desktop(browser, stack.baseUrl, violations));
    await enrol(finB, links[FIN_B], FIN_B, PASSWORD);
    open.finB = finB;
    expect(await menuLabels(finA)).toContain('财务');
  });

  it('finance A views the proof of a digital-currency deposit and confirms it: the balance rises', async () => {
    await openTab(finA, '充值订单');
    const pending = finA.getByTestId('pending-deposits');
    const row = pending.locator('.ant-table-row', { hasText: digitalOrder });
    await row.waitFor();
    expect(await pending.locator('.ant-table-row', { hasText: bankOrder }).count()).toBe(1);
    expect(await row.textContent()).toContain('¥300.00');
    await snap(finA, 'finance-deposits-pending');

    await row.getByRole('button', { name: '查看凭证' }).click();
    const detail = finA.getByRole('dialog', { name: `充值订单 ${digitalOrder}` });
    const proof = detail.getByTestId('proof-images').locator('img').first();
    await proof.waitFor();
    await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await detail.textContent()).toContain('支付凭证（1）');
    await snap(finA, 'finance-deposit-proof');

    const before = await balanceOf(`player:${playerId}`);
    await detail.getByRole('button', { name: '确认到账' }).click();
    const confirm = finA.getByRole('dialog', { name: `确认到账：${digitalOrder}` });
    // a decision needs its reason
    await confirm.getByRole('button', { name: '确认到账' }).click();
    await confirm.getByText('请填写原因').waitFor();
    await snap(finA, 'finance-deposit-confirm');
    await decide(finA, '确认到账', '链上转账已到账');
    await finA.getByText(`已确认到账：${digitalOrder}`).waitFor();
    await row.waitFor({ state: 'detached' });
    // 300 yuan and the deposit bonus (1 %, from 100 yuan): more than 300 yuan, in minor units
    await expect.poll(() => balanceOf(`player:${playerId}`)).toBeGreaterThanOrEqual(before + 3_000_000n);
    const [order] = await stack.query<{ status: string }>(
      'SELECT status FROM deposit_order WHERE order_no = $1',
      [digitalOrder],
    );
    expect(order?.status).toBe('paid');
  });

  it('finance A rejects the bank transfer with a reason and finds it by status', async () => {
    const pending = finA.getByTestId('pending-deposits');
    await pending
      .locator('.ant-table-row', { hasText: bankOrder })
      .getByRole('button', { name: '拒绝' })
      .click();
    await decide(finA, '拒绝', '银行流水无此笔款项');
    await finA.getByText(`已拒绝：${bankOrder}`).waitFor();
    await pending.getByText('暂无待确认的充值订单').waitFor();

    await finA.locator('.ant-form[id="deposit-filter"] .ant-select').first().click();
    await finA.locator('.ant-select-item-option').filter({ hasText: '已拒绝' }).click();
    await finA.getByLabel('玩家账号').fill(PLAYER);
    await finA.getByRole('button', { name: '查询' }).click();
    const list = finA.getByTestId('deposit-list');
    await expect.poll(async () => (await list.locator('.ant-table-row').allInnerTexts()).length).toBe(1);
    expect(await list.locator('.ant-table-row').textContent()).toContain('银行流水无此笔款项');
    await finA.getByText('已显示全部记录（共 1 条）').waitFor();
    await snap(finA, 'finance-deposits-search');
  });

  it('finance A approves the large withdrawal first; a second approval by A is refused', async () => {
    await openTab(finA, '提现审核');
    const queue = finA.getByTestId('withdraw-queue');
    const row = queue.locator('.ant-table-row', { hasText: withdrawOrder });
    await row.getByText('需复核').waitFor();
    expect(await row.textContent()).toContain('¥200.00');

    // the drawer: the turnover the confirmed deposit asks, the deposit itself, the threshold
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = finA.locator('.ant-drawer-section');
    await drawer.getByTestId('turnover').waitFor();
    // 300 yuan and its bonus, times the tenant's turnover share: something still to wager
    expect(await drawer.getByTestId('turnover').textContent()).toMatch(/尚需¥[1-9]\d*\.\d{2}/);
    expect(await drawer.textContent()).toContain(digitalOrder);
    expect(await drawer.getByTestId('four-eyes-note').textContent()).toContain('¥100.00');
    await snap(finA, 'finance-withdraw-drawer');

    await drawer.getByRole('button', { name: '批准' }).click();
    await decide(finA, '批准', '核对无误');
    await finA.getByText(`已初审批准，待第二人复核：${withdrawOrder}`).waitFor();
    await drawer.getByText('待第二人复核').waitFor();
    expect(await drawer.getByTestId('four-eyes-note').textContent()).toContain('须由另一名员工复核');
    await finA.locator('.ant-drawer-close').click();
    await row.getByText('待第二人复核').waitFor();
    expect(await row.textContent()).toContain(FIN_A);
    await snap(finA, 'finance-withdraw-first-approved');
    // the queue at the smallest desktop size: 状态 and 初审人 in view without scrolling sideways
    const desktopSize = finA.viewportSize();
    await finA.setViewportSize({ width: 1280, height: 720 });
    await snap(finA, 'finance-withdraw-first-approved-1280');
    if (desktopSize) await finA.setViewportSize(desktopSize);

    await row.getByRole('button', { name: '批准' }).click();
    await decide(finA, '批准', '再次批准');
    const dialog = finA.getByRole('dialog', { name: /^批准提现：/ });
    await dialog.getByTestId('decision-error').getByText(SAME_APPROVER_MSG).waitFor();
    await snap(finA, 'finance-withdraw-same-approver');
    await dialog.getByRole('button', { name: '取消' }).click();
    const [order] = await stack.query<{ status: string }>(
      'SELECT status FROM withdraw_order WHERE order_no = $1',
      [withdrawOrder],
    );
    expect(order?.status).toBe('pending');
    expect(await balanceOf(`escrow:withdraw:${playerId}`)).toBe(2_000_000n);
  });

  it('finance B approves it second and it is paid', async () => {
    await openTab(finB, '提现审核');
    const queue = finB.getByTestId('withdraw-queue');
    const row = queue.locator('.ant-table-row', { hasText: withdrawOrder });
    await row.getByText('待第二人复核').waitFor();
    await row.getByRole('button', { name: '批准' }).click();
    const dialog = finB.getByRole('dialog', { name: /^批准提现：/ });
    await dialog.getByText(`${FIN_A} 已初审批准`).waitFor();
    await decide(finB, '批准', '复核通过');
    await finB.getByText(`已批准出款：${withdrawOrder}`).waitFor();
    await queue.getByText('暂无待审核的提现').waitFor();
    const list = finB.getByTestId('withdraw-list');
    await list.locator('.ant-table-row', { hasText: withdrawOrder }).getByText('已出款').waitFor();
    await snap(finB, 'finance-withdraw-paid');
    const [order] = await stack.query<{ status: string }>(
      'SELECT status FROM withdraw_order WHERE order_no = $1',
      [withdrawOrder],
    );
    expect(order?.status).toBe('approved');
    expect(await balanceOf(`escrow:withdraw:${playerId}`)).toBe(0n);
  });

  it('finance A adjusts a balance by hand, edits a channel and reads the day’s reconciliation', async () => {
    await openTab(finA, '人工调整');
    const key = (await finA.getByTestId('adjust-key').textContent()) ?? '';
    expect(key).toMatch(/^adj-[0-9a-f]{24}$/);
    const before = await balanceOf(`player:${playerId}`);
    await finA.getByLabel('玩家账号').fill(PLAYER);
    await finA.getByLabel('金额（元）').fill('-5');
    await finA.getByRole('button', { name: '提交调整' }).click();
    await finA.getByText('金额格式不正确').waitFor();
    await finA.getByLabel('金额（元）').fill('50.5');
    await finA.getByTestId('adjust-code').click();
    await finA.locator('.ant-select-item-option').filter({ hasText: '403 人工加奖' }).click();
    await finA.getByLabel('原因').fill('活动补发');
    await snap(finA, 'finance-adjust-form');
    await finA.getByRole('button', { name: '提交调整' }).click();
    await finA.getByText('调整成功').waitFor();
    expect(await finA.getByTestId('adjust-result').textContent()).toContain('¥50.50');
    expect(await balanceOf(`player:${playerId}`)).toBe(before + 505_000n);
    await snap(finA, 'finance-adjust-done');
    // a new form, a new key
    await finA.getByRole('button', { name: '继续调整' }).click();
    expect(await finA.getByTestId('adjust-key').textContent()).not.toBe(key);

    await finA.getByRole('tab', { name: '支付渠道' }).click();
    const channels = finA.getByTestId('channel-table');
    const bank = channels.locator('.ant-table-row', { hasText: 'banktransfer' });
    await bank.getByRole('button', { name: '编辑' }).click();
    const edit = finA.getByRole('dialog', { name: '编辑渠道：银行卡转账' });
    await edit.getByLabel('单笔最低（元）').fill('200');
    await edit.getByLabel('原因（记入审计日志）').fill('提高最低金额');
    await edit.getByRole('button', { name: '保存' }).click();
    await bank.getByText('¥200.00').waitFor();
    await snap(finA, 'finance-channels');

    await finA.getByRole('tab', { name: '对账' }).click();
    await finA.getByTestId('ledger-audit').getByText('账本核对通过', { exact: false }).waitFor();
    const deposits = finA.getByTestId('reconciliation-deposits');
    await deposits.locator('.ant-table-row', { hasText: '数字货币' }).getByText('¥300.00').waitFor();
    const withdrawals = finA.getByTestId('reconciliation-withdrawals');
    await withdrawals.locator('.ant-table-row', { hasText: '银行卡' }).getByText('¥200.00').first().waitFor();
    await snap(finA, 'finance-reconciliation');
  });

  it('the auditor reads both actions in the audit log and cannot act on the desk', async () => {
    const { page: auditor } = await desktop(browser, stack.baseUrl, violations);
    await enrol(auditor, links[AUDITOR]!, AUDITOR, PASSWORD);
    await auditor.locator('.console-sider').getByText('审计日志').click();
    const table = auditor.getByTestId('audit-table');
    await table.locator('.ant-table-row', { hasText: 'withdraw.approve' }).waitFor();
    const text = (await table.locator('.ant-table-row').allInnerTexts()).join('\n');
    for (const expected of [
      'deposit.confirm',
      '链上转账已到账',
      'deposit.reject',
      'withdraw.first_approve',
      '核对无误',
      'withdraw.approve',
      '复核通过',
      'adjust.create',
      'channel.update',
    ])
      expect(text).toContain(expected);
    await snap(auditor, 'finance-auditor-audit');

    await auditor.locator('.console-sider').getByText('财务').click();
    await auditor.getByRole('tab', { name: '充值订单' }).waitFor();
    const tabs = (await auditor.getByRole('tab').allInnerTexts()).map((t) => t.trim());
    expect(tabs).toEqual(['充值订单', '提现审核', '支付渠道', '对账']);
    await auditor.getByTestId('deposit-list').locator('.ant-table-row').first().waitFor();
    expect(await auditor.getByRole('button', { name: '确认到账' }).count()).toBe(0);
    await auditor.getByRole('tab', { name: '提现审核' }).click();
    const list = auditor.getByTestId('withdraw-list');
    await list.locator('.ant-table-row', { hasText: withdrawOrder }).waitFor();
    expect(await auditor.getByRole('button', { name: '批准' }).count()).toBe(0);
    await list
      .locator('.ant-table-row', { hasText: withdrawOrder })
      .getByRole('button', { name: '详情' })
      .click();
    await auditor.locator('.ant-drawer-section').getByTestId('turnover').waitFor();
    expect(await auditor.getByRole('button', { name: '批准' }).count()).toBe(0);
    await snap(auditor, 'finance-auditor-withdrawals');
    // the server refuses what the screen does not offer
    const refused = await auditor.evaluate(async (orderNo) => {
      const res = await fetch('/console/api/finance/withdrawals/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderNo, reason: 'x' }),
      });
      return res.status;
    }, withdrawOrder);
    expect(refused).toBe(403);
  });

  it('broke no rule of the policy on any page', () => {
    expect(violations).toEqual([]);
  });
});
