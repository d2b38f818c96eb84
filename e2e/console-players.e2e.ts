import { createHash } from 'node:crypto';
import { formatMoney } from '@lottery/contract/money';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap as snapNow } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD } from './support/ui';

/**
 * The console's 玩家 desk (issue 40 §6) in Chromium at 1440x900, against the real server and the
 * built console: the owner (created with the CLI, enrolled with TOTP) finds the demo player
 * player01 by account and by IP, opens the player's page, reads the balance and the ledger (checked
 * against the database), adds a note, freezes the player with a reason (the tag changes, the audit
 * log lists it) and sets them back to normal. A support member (reads players, writes notes) sees
 * the page without the status buttons or the risk signals, and the server refuses the call anyway.
 */

const OWNER = 'pboss';
const OWNER_PASSWORD = 'Owner2026players';
const SUPPORT = 'help01';
const SUPPORT_PASSWORD = 'Support2026desk';
const PLAYER = 'player01';
const CREDIT = '88.50';

let stack: Stack;
let browser: Browser;
let playerId = 0;
const violations: string[] = [];

async function desktop(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // antd's motion off (providers.tsx): a dialog is open or gone, never half-way, when clicked
    reducedMotion: 'reduce',
  });
  await context.exposeFunction('reportCspViolation', (line: string) => violations.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  return { context, page };
}

/** A screenshot once antd's motions and passing messages are over. */
async function snap(page: Page, name: string): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
  await snapNow(page, name);
}

const totp = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

const enrolPathIn = (text: string) => {
  const path = /\/console\/enrol\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!path) throw new Error(`no enrolment link in: ${text}`);
  return path;
};

/** A staff member created by the CLI goes through the link: password, TOTP, recovery codes. */
async function enrolled(account: string, role: string, password: string): Promise<Page> {
  const printed = await stack.admin('staff-create', [account, '--role', role]);
  const { page } = await desktop();
  await page.goto(enrolPathIn(printed));
  await page.getByLabel('设置密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '下一步' }).click();
  const secretText = page.getByTestId('totp-secret');
  await secretText.waitFor();
  const secret = ((await secretText.textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('动态验证码', { exact: true }).fill(await totp(secret));
  await page.getByRole('button', { name: '验证并绑定' }).click();
  await page.getByTestId('recovery-codes').locator('li').first().waitFor();
  await page.getByLabel('我已妥善保存恢复码').check();
  await page.getByRole('button', { name: '进入运营后台' }).click();
  await page.getByTestId('staff-account').waitFor();
  return page;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** player01 signs in on the player's site (from 127.0.0.1, the address the desk then finds). */
async function playerSignsIn(): Promise<void> {
  const res = await fetch(`${stack.baseUrl}/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      userName: PLAYER,
      password: sha256(sha256(PLAYER) + sha256(DEMO_PASSWORD)),
      random: 'e2e',
    }).toString(),
  });
  const reply = (await res.json()) as { code: number; msg: string };
  expect(reply.code, reply.msg).toBe(1);
}

const statusTag = (page: Page) => page.getByTestId('player-status').first();

/** A status change as staff make it: the button, a reason in the modal, 确定. */
async function changeStatus(page: Page, action: string, reason: string, shot?: string): Promise<void> {
  await page.getByTestId('player-actions').getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action}：${PLAYER}` });
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.getByText('请填写原因（最多200字）').waitFor();
  await dialog.getByLabel('原因（记入审计日志）').fill(reason);
  if (shot) await snap(page, shot);
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launch();
  const [player] = await stack.query<{ id: string }>(
    'SELECT id::text AS id FROM users WHERE user_name = $1',
    [PLAYER],
  );
  playerId = Number(player!.id);
  await stack.admin('balance-adjust', [PLAYER, CREDIT, '--code', '401', '--reason', '演示入款']);
  await stack.admin('balance-adjust', [PLAYER, '-12.25', '--code', '402', '--reason', '演示扣款']);
  await playerSignsIn();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('console players desk', () => {
  let owner: Page;

  it('finds player01 by account and by IP, with the search as CSV', async () => {
    owner = await enrolled(OWNER, 'owner', OWNER_PASSWORD);
    await owner.locator('.console-sider').getByText('玩家').click();
    await owner.getByTestId('player-search-idle').waitFor();
    await snap(owner, 'console-players-empty');

    await owner.getByLabel('搜索内容').fill(PLAYER);
    await owner.getByRole('button', { name: '查询' }).click();
    const results = owner.getByTestId('player-results');
    const row = results.locator('.ant-table-row', { hasText: PLAYER });
    await row.waitFor();
    expect(await results.locator('.ant-table-row').count()).toBe(1);
    expect(await row.textContent()).toContain('正常');
    await row.getByText('76.25').waitFor();
    expect(new URL(owner.url()).search).toBe(`?by=account&q=${PLAYER}`);

    await owner.getByTestId('search-key').click();
    await owner.locator('.ant-select-item-option').filter({ hasText: /^IP$/ }).click();
    await owner.getByLabel('搜索内容').fill('127.0.0.1');
    // the account search's row stays on screen until the IP search answers: wait for that answer
    const byIp = owner.waitForResponse((r) => /\/players\/search\?.*by=ip/.test(r.url()));
    await owner.getByRole('button', { name: '查询' }).click();
    await owner.waitForURL((url) => url.searchParams.get('by') === 'ip');
    await byIp;
    await results.locator('.ant-table-row', { hasText: PLAYER }).waitFor();
    expect(await results.textContent()).toContain('127.0.0.1');
    const href = await owner.getByRole('link', { name: '导出 CSV' }).getAttribute('href');
    expect(href).toBe('/console/api/players/export?by=ip&q=127.0.0.1');
    const csv = await owner.evaluate(async (url) => (await fetch(url)).text(), href!);
    expect(csv).toContain(`${playerId},${PLAYER},`);
    await snap(owner, 'console-players-search');
  });

  it("opens player01's page: balance and ledger as the database holds them", async () => {
    await owner.getByTestId('player-results').getByRole('link', { name: PLAYER }).click();
    await owner.waitForURL((url) => url.pathname === `/console/players/${playerId}`);
    const balance = owner.getByTestId('player-balance');
    await balance.waitFor();
    const [wallet] = await stack.query<{ balance: string }>(
      `SELECT balance_minor::text AS balance FROM wallet_account WHERE code = $1`,
      [`player:${playerId}`],
    );
    expect(formatMoney(BigInt(wallet!.balance))).toBe('76.25');
    expect(((await balance.textContent()) ?? '').trim()).toBe('76.25');
    expect(await owner.getByTestId('player-upline').textContent()).toBe(`agent01 › ${PLAYER}`);
    await owner.getByTestId('player-logins').getByText('127.0.0.1').first().waitFor();

    const ledger = owner.getByTestId('records-ledger');
    const rows = ledger.locator('.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const [newest] = await stack.query<{ amount: string; after: string }>(
      `SELECT e.amount_minor::text AS amount, e.balance_after_minor::text AS after
         FROM ledger_entry e JOIN wallet_account a ON a.id = e.account_id
        WHERE a.code = $1 ORDER BY e.created_at DESC, e.id DESC LIMIT 1`,
      [`player:${playerId}`],
    );
    const first = ((await rows.first().textContent()) ?? '').replace(/\s+/g, ' ');
    expect(first).toContain(formatMoney(BigInt(newest!.amount)));
    expect(first).toContain(formatMoney(BigInt(newest!.after)));
    expect(first).toContain('人工扣除');
    expect(await owner.getByRole('link', { name: '导出 CSV' }).getAttribute('href')).toBe(
      `/console/api/players/records/export?userId=${playerId}&kind=ledger`,
    );
    await snap(owner, 'console-player-page');

    await owner.getByRole('tab', { name: '充值' }).click();
    await owner.getByTestId('records-deposits').getByText('暂无充值记录').waitFor();
    await owner.getByRole('tab', { name: '风险信号' }).click();
    await owner.getByTestId('risk-shared-ip').waitFor();
    await snap(owner, 'console-player-risk');
  });

  it('adds a note', async () => {
    await owner.getByRole('tab', { name: '备注' }).click();
    await owner.getByLabel('新备注（员工可见，添加后不能修改或删除）').fill('来电核实身份，正常。');
    await owner.getByRole('button', { name: '添加备注' }).click();
    await owner.getByTestId('player-notes').getByText('来电核实身份，正常。').waitFor();
    expect(await owner.getByTestId('player-notes').textContent()).toContain(OWNER);
    const notes = await stack.query<{ body: string }>('SELECT body FROM player_note WHERE user_id = $1', [
      playerId,
    ]);
    expect(notes.map((n) => n.body)).toEqual(['来电核实身份，正常。']);
    await snap(owner, 'console-player-notes');
  });

  it('freezes player01 with a reason, the audit log lists it, and sets them back to normal', async () => {
    expect(await statusTag(owner).textContent()).toBe('正常');
    await changeStatus(owner, '冻结', '疑似盗号，冻结待查', 'console-player-freeze');
    await expect.poll(async () => statusTag(owner).textContent()).toBe('已冻结');
    const actions = owner.getByTestId('player-actions');
    expect(await actions.getByRole('button', { name: '冻结', exact: true }).count()).toBe(0);
    await actions.getByRole('button', { name: '恢复正常' }).waitFor();
    const [frozen] = await stack.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [
      playerId,
    ]);
    expect(frozen!.status).toBe('frozen');
    // the freeze ended the open session
    await owner.getByTestId('player-logins').getByText('已结束').first().waitFor();
    await snap(owner, 'console-player-frozen');

    await owner.locator('.console-sider').getByText('审计日志').click();
    const table = owner.getByTestId('audit-table');
    const row = table.locator('.ant-table-row', { hasText: 'player.status' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('疑似盗号，冻结待查');
    expect(await row.textContent()).toContain(`user:${playerId}`);
    await snap(owner, 'console-player-audit');

    await owner.goBack();
    await owner.waitForURL((url) => url.pathname === `/console/players/${playerId}`);
    await changeStatus(owner, '恢复正常', '核实为本人，解除冻结');
    await expect.poll(async () => statusTag(owner).textContent()).toBe('正常');
    const [after] = await stack.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [
      playerId,
    ]);
    expect(after!.status).toBe('active');
  });

  it('ends every session of player01 (踢下线) and unlocks a locked account (解锁)', async () => {
    await playerSignsIn();
    await owner.reload();
    const logins = owner.getByTestId('player-logins');
    await logins.getByText('有效').waitFor();
    await changeStatus(owner, '踢下线', '客户要求下线所有设备');
    await expect.poll(async () => logins.getByText('有效').count()).toBe(0);
    expect(await statusTag(owner).textContent()).toBe('正常');

    // five wrong passwords lock the account; 解锁 shows only then
    expect(await owner.getByTestId('player-actions').getByRole('button', { name: '解锁' }).count()).toBe(0);
    await stack.query('UPDATE users SET failed_logins = 5, locked_until = $1 WHERE id = $2', [
      Date.now() + 3_600_000,
      playerId,
    ]);
    await owner.reload();
    await owner.getByTestId('player-profile').getByText('已锁定').waitFor();
    await changeStatus(owner, '解锁', '本人来电核实');
    await owner.getByTestId('player-profile').getByText('未锁定', { exact: true }).waitFor();
    const [row] = await stack.query<{ failed: number; until: string | null }>(
      'SELECT failed_logins AS failed, locked_until::text AS until FROM users WHERE id = $1',
      [playerId],
    );
    expect(row).toEqual({ failed: 0, until: null });
    const actions = await stack.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target = $1 ORDER BY id`,
      [`user:${playerId}`],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'player.note',
      'player.status',
      'player.status',
      'player.end_sessions',
      'player.unlock',
    ]);
  });

  it('shows a support member the page without the status buttons; the server refuses them too', async () => {
    const support = await enrolled(SUPPORT, 'support', SUPPORT_PASSWORD);
    await support.goto(`/console/players/${playerId}`);
    await support.getByTestId('player-balance').waitFor();
    expect(await support.getByTestId('player-actions').count()).toBe(0);
    expect(await support.getByRole('button', { name: '冻结' }).count()).toBe(0);
    expect(await support.getByRole('tab', { name: '风险信号' }).count()).toBe(0);
    await support.getByRole('tab', { name: '备注' }).click();
    const note = support.getByTestId('player-notes').getByText('来电核实身份，正常。');
    await note.waitFor();
    await note.scrollIntoViewIfNeeded();
    await snap(support, 'console-player-support');
    const refused = await support.evaluate(async (userId) => {
      const res = await fetch('/console/api/players/status', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, status: 'frozen', reason: 'x' }),
      });
      return { status: res.status, code: ((await res.json()) as { code: number }).code };
    }, playerId);
    expect(refused).toEqual({ status: 403, code: -4003 });
    await support.context().close();
  });

  it('broke no rule of the policy on any page', () => {
    expect(violations).toEqual([]);
  });
});
