import { formatMoney, parseMoney } from '@lottery/contract/money';
import { issueTimes } from '@lottery/rules/schedule';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, logIn, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * The agent centre on a phone-sized Chromium (issue 13, docs/agent-web.md): agent01 creates an
 * invite code, sees it with its link and QR code; a new player registers with that code on the real
 * register page, is funded like every e2e player (a manual credit) and bets on K3 through the play
 * screen; the scheduler draws and settles. agent01 then finds the member in 会员管理 (and raises its
 * rebate), the bet in 代理样本, the bet and the agent's rebate (204) in 代理报表 and 代理中心 — every
 * figure checked against the ledger rows in the database — opens a child account that can sign in
 * and raises its 快三 rebate alone (按彩种设置, checked in user_type_rebate),
 * and a player who opens /agentCenter is sent away. Every screen is saved under e2e/output/agent-*.
 */
const K3 = '1403';
const k3 = lotteryOf(K3);
let stack: BettingStack;
let browser: Browser;
/** agent01's phone. */
let agent: Page;
/** The invited player's phone. */
let player: Page;
let inviteCode = '';
let inviteLink = '';
let stakeMinor = 0n;
const playerName = uniqueAccount('inv');
const childName = uniqueAccount('kid');

/** A screenshot once antd's sheet, dialog and tab-line springs have come to rest (~300 ms). */
async function snapSettled(page: Page, name: string) {
  await page.waitForTimeout(500);
  await snap(page, name);
}

async function userIdOf(userName: string): Promise<number> {
  const rows = await stack.app.ctx.database.query<{ id: string }>(
    'SELECT id::text FROM users WHERE user_name = $1',
    [userName.toLowerCase()],
  );
  return Number(rows[0]!.id);
}

/** The ledger's own sum of a user's entries of one type code (database, not the API). */
async function ledger(userId: number, typeCode: number): Promise<bigint> {
  const rows = await stack.app.ctx.database.query<{ s: string }>(
    `SELECT coalesce(sum(e.amount_minor), 0)::text AS s FROM ledger_entry e
       JOIN wallet_account a ON a.id = e.account_id
      WHERE a.code = $1 AND e.type_code = $2`,
    [`player:${userId}`, typeCode],
  );
  return BigInt(rows[0]!.s);
}

/** Ticks until the scheduler has nothing left to draw or settle (each tick's work is bounded). */
async function settleAll(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const report = await stack.app.scheduler.tick();
    expect(report.errors).toBe(0);
    if (report.settled === 0 && report.drawn === 0) return;
  }
}

/**
 * Picks a level on the rebate wheel through the wheel's own accessible steps (选择下一项 moves one
 * level down, as a swipe would), then 确定.
 */
async function pickLevel(page: Page, testId: string, rebate: string, direction: 'down' | 'up' = 'down') {
  await page.getByTestId(testId).click();
  const picker = page.locator('.adm-picker').filter({ visible: true });
  await picker.waitFor();
  const current = picker.locator('.adm-picker-view-column-accessible-current');
  for (let step = 0; step < 90; step++) {
    const label = (await current.getAttribute('aria-label')) ?? '';
    if (label.includes(`：${rebate}%`)) break;
    await picker
      .locator('.adm-picker-view-column-accessible-button')
      .nth(direction === 'down' ? 1 : 0)
      .evaluate((el) => (el as HTMLElement).click());
    await page.waitForTimeout(60);
  }
  expect(await current.getAttribute('aria-label')).toContain(`：${rebate}%`);
  await picker.getByText('确定').click();
  await expect.poll(() => page.getByTestId(testId).textContent()).toContain(`${rebate}%`);
  // the closing wheel leaves before another opens (two would be on screen during its animation)
  await expect.poll(() => page.locator('.adm-picker').filter({ visible: true }).count()).toBe(0);
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

beforeAll(async () => {
  stack = await startBettingStack({ startMs: beijingToday(14, 0), lotteries: [k3] });
  browser = await launch();
  ({ page: agent } = await phone(browser, stack.baseUrl));
  ({ page: player } = await phone(browser, stack.baseUrl));
  await agent.goto('/login');
  await logIn(agent, 'agent01', DEMO_PASSWORD);
  await waitForPath(agent, '/home');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('代理中心 on a phone', () => {
  it('shows the centre, the help and the rebate tables before the team has bets', async () => {
    await agent.goto('/agentCenter');
    await expect.poll(() => text(agent, 'team-bet')).toBe('0.00');
    await expect.poll(() => text(agent, 'team-count')).not.toBe('--');
    await snap(agent, 'agent-center-empty');

    await agent.goto('/agentHelp');
    await expect.poll(() => text(agent, 'help-rebate')).toBe('8.0%');
    await snap(agent, 'agent-help');

    await agent.goto('/rebateDes');
    await expect.poll(() => agent.getByTestId('rebate-type').count()).toBe(16);
    await snap(agent, 'agent-rebate-types');
    await agent.getByTestId('rebate-type').filter({ hasText: '快三' }).click();
    await waitForPath(agent, '/rebateDes/1');
    await agent.getByTestId('odds-row').first().waitFor();
    const topBonus = await agent.getByTestId('odds-row').first().locator('.agent-odds-bonus').textContent();
    await snap(agent, 'agent-rebate-table');
    // a lower level pays less: the first tier's prize at 7.0% is below the one at 8.0%
    await pickLevel(agent, 'table-level', '7.0');
    await expect
      .poll(() => agent.getByTestId('odds-row').first().locator('.agent-odds-bonus').textContent())
      .not.toBe(topBonus);
    await snapSettled(agent, 'agent-rebate-table-7');
  });

  it('creates a player invite code and shows it with its link and QR code', async () => {
    await agent.goto('/invatationCode');
    await agent.getByRole('button', { name: '生成邀请码' }).waitFor();
    await pickLevel(agent, 'code-rebate', '7.0');
    // 按彩种设置: 六合彩 lower than the rest (K3, bet on below, keeps 7.0)
    await agent.getByTestId('type-rebates-toggle').click();
    await expect.poll(() => text(agent, 'type-rebate-1')).toContain('7.0%');
    await pickLevel(agent, 'type-rebate-8', '6.5');
    await expect.poll(() => text(agent, 'type-rebates-toggle')).toContain('1 个彩种不同');
    await snapSettled(agent, 'agent-invite-create');
    await agent.getByRole('button', { name: '生成邀请码' }).click();
    await waitForPath(agent, '/invatationCodeManage');
    // the new code comes first (newest first), beside the seeded demo code
    const card = agent.getByTestId('invite-code').filter({ hasText: '7.0%' }).first();
    await card.waitFor();
    inviteCode = (await card.getAttribute('data-code')) ?? '';
    expect(inviteCode).toMatch(/^\d{8}$/);
    expect(await card.getByTestId('invite-type-rebates').textContent()).toBe('六合彩 6.5%');
    inviteLink = (await card.getByTestId('invite-link').textContent()) ?? '';
    expect(inviteLink).toBe(`${stack.baseUrl}/register?inviteCode=${inviteCode}`);
    expect(await card.getByTestId('invite-qr').locator('path').getAttribute('d')).toMatch(/^M\d/);
    await card.getByRole('button', { name: '复制链接' }).click();
    await agent.getByText('复制成功').waitFor();
    await snapSettled(agent, 'agent-invite-manage');
    await card.getByRole('button', { name: '放大二维码' }).click();
    await agent.locator('.agent-qr-sheet').waitFor();
    await snapSettled(agent, 'agent-invite-qr');
    await agent
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } });
  });

  it('creates an agent code from ?codeType=1 and deletes it after a confirm', async () => {
    await agent.goto('/invatationCode?codeType=1');
    await agent.getByRole('button', { name: '生成邀请码' }).waitFor();
    // 代理 is preselected
    await expect.poll(() => agent.locator('.adm-selector-item-active').textContent()).toBe('代理');
    await snapSettled(agent, 'agent-invite-create-agent');
    await agent.getByRole('button', { name: '生成邀请码' }).click();
    await waitForPath(agent, '/invatationCodeManage?codeType=1');
    const card = agent.getByTestId('invite-code').first();
    await card.waitFor();
    expect(await card.textContent()).toContain('代理');
    await card.getByRole('button', { name: '删除' }).click();
    await agent.locator('.adm-dialog').getByRole('button', { name: '删除' }).click();
    await agent.getByText('暂无邀请码').waitFor();
    await snapSettled(agent, 'agent-invite-manage-agent-empty');
  });

  it('a new player registers with the code, is funded and bets on K3', async () => {
    // The copied link opens the register page with the code filled in.
    await player.goto(inviteLink);
    await expect.poll(() => player.getByPlaceholder('邀请码（选填）').inputValue()).toBe(inviteCode);
    await register(player, playerName, DEMO_PASSWORD);
    await waitForPath(player, '/home');
    // the code's per-type rebate came with it (六合彩 6.5; every other type the code's 7.0)
    const typeRows = await stack.app.ctx.database.query<{ lottery_type: number; rebate: string }>(
      `SELECT r.lottery_type, r.rebate::text FROM user_type_rebate r JOIN users u ON u.id = r.user_id
        WHERE u.user_name = $1`,
      [playerName.toLowerCase()],
    );
    expect(typeRows).toEqual([{ lottery_type: 8, rebate: '6.5' }]);
    await stack.fund(playerName, 100);

    await player.goto(`/lottery/K3/${K3}`);
    await player
      .getByTestId('countdown')
      .filter({ hasText: /\d\d:\d\d:\d\d|预售中/ })
      .waitFor({ timeout: 20_000 });
    await player.getByTestId('footer-balance').filter({ hasText: '100.00' }).waitFor();
    await player.locator('.pick-row[data-row="和值"] [data-value="10"]').first().click();
    await player.locator('.pick-row[data-row="和值"] [data-value="11"]').first().click();
    await player.getByRole('textbox', { name: '单注金额' }).fill('2');
    await player.locator('.bet-footer').getByRole('button', { name: '立即投注' }).click();
    const confirm = player
      .locator('.adm-dialog', { hasText: '投注确认' })
      .getByRole('button', { name: '立即投注' });
    await confirm.waitFor();
    const responsePromise = player.waitForResponse((r) =>
      r.url().includes(`/v1/enpath/${Buffer.from('betting/addBetting').toString('base64')}`),
    );
    await confirm.click();
    const reply = (await (await responsePromise).json()) as {
      code: number;
      msg: string;
      data: { issue: string; betMoney: string };
    };
    expect(reply.code, reply.msg).toBe(1);
    stakeMinor = parseMoney(reply.data.betMoney);
    await player
      .locator('.adm-dialog', { hasText: '投注成功' })
      .getByRole('button', { name: '继续投注' })
      .click();

    stack.clock.jumpTo(issueTimes(k3, reply.data.issue)!.drawMs + 2000);
    await settleAll();
    const settled = await stack.app.ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bet WHERE user_id = $1 AND state IN (1, 2)',
      [await userIdOf(playerName)],
    );
    expect(settled[0]!.n).toBe(1);
  });

  it('a player who opens an agent page is sent away', async () => {
    await player.goto('/agentCenter');
    await waitForPath(player, '/home');
    expect(await player.getByTestId('team-summary').count()).toBe(0);
  });

  it('会员管理 lists the new member, online, and raises its rebate', async () => {
    // the member has just used the app: online (a request in the last five minutes)
    await player.goto('/userCenter');
    await player.getByTestId('balance').waitFor();
    await agent.goto('/memberManage');
    const row = agent.locator(`[data-testid="member-row"][data-user="${playerName.toLowerCase()}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('7.0%');
    expect(await row.getByTestId('online-dot').getAttribute('data-online')).toBe('1');
    await snap(agent, 'agent-members');
    await row.getByRole('button', { name: '调整返点' }).click();
    const sheet = agent.getByTestId('raise-rebate');
    await sheet.waitFor();
    await sheet.locator('.agent-chip', { hasText: '7.5%' }).click();
    await snapSettled(agent, 'agent-members-raise');
    await sheet.getByRole('button', { name: '确定' }).click();
    await agent.getByText('修改成功').waitFor();
    await expect.poll(() => row.textContent()).toContain('7.5%');
    await agent.getByRole('tab', { name: '全部下级' }).click();
    await agent.locator('[data-testid="member-row"][data-user="player01"]').waitFor();
    await snapSettled(agent, 'agent-members-all');
  });

  it('代理样本 shows the team bet with its totals', async () => {
    await agent.goto('/agentSpecimen');
    const row = agent.locator(`[data-testid="team-bet"][data-user="${playerName.toLowerCase()}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`${formatMoney(stakeMinor)}元`);
    expect(await text(agent, 'bet-money')).toBe(formatMoney(stakeMinor));
    expect(await text(agent, 'bet-count')).toBe('1');
    await snap(agent, 'agent-specimen');
  });

  it('代理报表 and 代理中心 show the bet and the rebate the ledger holds', async () => {
    const agentId = await userIdOf('agent01');
    const playerId = await userIdOf(playerName);
    const agentRebate = await ledger(agentId, 204);
    // agent01 (8.0%) over its player (7.0% when the bet settled): 1% of the stake
    expect(agentRebate).toBe(stakeMinor / 100n);
    const won = await ledger(playerId, 205);

    await agent.goto('/agentReport');
    const row = agent.locator(`[data-testid="report-row"][data-user="${playerName.toLowerCase()}"]`);
    await row.waitFor();
    expect(await row.locator('[data-figure="bet"]').textContent()).toBe(formatMoney(stakeMinor));
    expect(await row.locator('[data-figure="win"]').textContent()).toBe(formatMoney(won));
    expect(await text(agent, 'report-self-rebate')).toBe(formatMoney(agentRebate));
    expect(await text(agent, 'report-team-bet')).toBe(formatMoney(stakeMinor));
    await snap(agent, 'agent-report');
    await agent
      .getByRole('button', { name: /按日明细/ })
      .first()
      .click();
    await agent.getByTestId('report-day').first().waitFor();
    await snapSettled(agent, 'agent-report-detail');
    await agent.locator('.adm-popup-close-icon').click();
    // the period dropdown has the six periods of the agent reports
    await agent.locator('.agent-filter .adm-dropdown-item').first().click();
    for (const label of ['今天', '昨天', '七天', '上周', '本月', '上月']) {
      await agent.locator('.agent-periods').getByText(label, { exact: true }).waitFor();
    }
    await snapSettled(agent, 'agent-report-periods');
    await agent.locator('.agent-periods').getByText('本月', { exact: true }).click();
    await expect.poll(() => row.locator('[data-figure="bet"]').textContent()).toBe(formatMoney(stakeMinor));

    await agent.goto('/agentCenter');
    await expect.poll(() => text(agent, 'team-bet')).toBe(formatMoney(stakeMinor));
    await expect.poll(() => text(agent, 'own-rebate')).toBe(formatMoney(agentRebate));
    await expect.poll(() => text(agent, 'bet-members')).toBe('1');
    await snap(agent, 'agent-center');

    // a hand-edited drill-down to someone outside the team: the server's words, no network retry
    const outsider = await userIdOf('manager01');
    await agent.goto(`/agentReport?trail=${outsider}:manager01`);
    await agent.locator('.agent-error', { hasText: '该用户不是您的下级' }).waitFor();
    expect(await agent.getByRole('button', { name: '重新加载' }).count()).toBe(0);
    await snapSettled(agent, 'agent-report-refused');
  });

  it('下级报表, 棋牌报表 and 交易明细 read the team', async () => {
    await agent.goto('/childReport');
    const row = agent.locator(`[data-testid="child-row"][data-user="${playerName.toLowerCase()}"]`);
    await row.waitFor();
    expect(await row.locator('[data-figure="bet"]').textContent()).toBe(formatMoney(stakeMinor));
    // no 七天 in childReport's dropdown
    await agent.locator('.agent-filter .adm-dropdown-item').first().click();
    await agent.locator('.agent-periods').getByText('上月', { exact: true }).waitFor();
    expect(await agent.locator('.agent-periods').getByText('七天', { exact: true }).count()).toBe(0);
    await agent.locator('.agent-periods').getByText('今天', { exact: true }).click();
    await snapSettled(agent, 'agent-child-report');

    await agent.goto('/agentChess');
    await agent.getByText('暂无棋牌记录').waitFor();
    await snap(agent, 'agent-chess');

    await agent.goto('/agentTransactionDetail');
    await agent.locator('[data-testid="team-transaction"][data-type="302"]').first().waitFor();
    await snap(agent, 'agent-transactions');
    await agent.locator('.agent-filter .adm-dropdown-item').nth(1).click();
    await agent.locator('.agent-periods').getByText('充值', { exact: true }).waitFor();
    await snapSettled(agent, 'agent-transactions-types');
    await agent.locator('.agent-periods').getByText('人工', { exact: true }).click();
    await agent.locator('[data-testid="team-transaction"][data-type="401"]').first().waitFor();
    expect(await agent.locator('[data-testid="team-transaction"][data-type="302"]').count()).toBe(0);
  });

  it('opens a child agent account that can sign in', async () => {
    await agent.goto('/childOpening');
    await agent.getByPlaceholder('4-20位字母、数字或下划线').fill(childName);
    await agent.getByPlaceholder('6-16位字母、数字或!@#$%^&*').fill(DEMO_PASSWORD);
    await agent.getByPlaceholder('请再次输入密码').fill(DEMO_PASSWORD);
    await agent.locator('.adm-selector-item', { hasText: '代理' }).click();
    await pickLevel(agent, 'child-rebate', '6.0');
    await agent.getByTestId('type-rebates-toggle').click();
    await pickLevel(agent, 'type-rebate-1', '5.0');
    await snapSettled(agent, 'agent-child-opening');
    await agent.getByRole('button', { name: '立即开户' }).click();
    await agent.getByTestId('child-opened').waitFor();
    expect(await text(agent, 'child-opened')).toContain(childName.toLowerCase());
    await snapSettled(agent, 'agent-child-opened');
    const rows = await stack.app.ctx.database.query<{ is_agent: boolean; parent: string }>(
      `SELECT u.is_agent, p.user_name AS parent FROM users u JOIN users p ON p.id = u.parent_id
        WHERE u.user_name = $1`,
      [childName.toLowerCase()],
    );
    expect(rows[0]).toEqual({ is_agent: true, parent: 'agent01' });
    const typeRows = await stack.app.ctx.database.query<{ lottery_type: number; rebate: string }>(
      `SELECT r.lottery_type, r.rebate::text FROM user_type_rebate r JOIN users u ON u.id = r.user_id
        WHERE u.user_name = $1`,
      [childName.toLowerCase()],
    );
    expect(typeRows).toEqual([{ lottery_type: 1, rebate: '5.0' }]);
    // the same name again: the server's message as it comes
    await agent.getByPlaceholder('4-20位字母、数字或下划线').fill(childName);
    await agent.getByPlaceholder('6-16位字母、数字或!@#$%^&*').fill(DEMO_PASSWORD);
    await agent.getByPlaceholder('请再次输入密码').fill(DEMO_PASSWORD);
    await agent.getByRole('button', { name: '立即开户' }).click();
    await agent.getByText('该账号已被注册').waitFor();

    // the child signs in with the password the agent set (the digest is registration's)
    const { page: child } = await phone(browser, stack.baseUrl);
    await child.goto('/login');
    await logIn(child, childName, DEMO_PASSWORD);
    await waitForPath(child, '/home');
    await child.goto('/agentCenter');
    await child.getByTestId('team-summary').waitFor();
    await child.context().close();

    // the child agent is a row of 代理报表 that drills down (no downlines yet), and back up
    await agent.goto('/agentReport');
    const row = agent.locator(`[data-testid="report-row"][data-user="${childName.toLowerCase()}"]`);
    await row.getByRole('button', { name: /查看下级/ }).click();
    await agent.getByText('暂无下级报表').waitFor();
    expect(await agent.locator('.agent-trail .is-current').textContent()).toBe(childName.toLowerCase());
    await snap(agent, 'agent-report-drilled');
    await agent.getByRole('button', { name: '返回上级' }).click();
    await row.waitFor();
  });

  it('会员管理 raises the child agent per lottery type (按彩种设置), never below its current', async () => {
    await agent.goto('/memberManage');
    const row = agent.locator(`[data-testid="member-row"][data-user="${childName.toLowerCase()}"]`);
    await row.waitFor();
    expect(await row.getByTestId('member-type-rebates').textContent()).toContain('快三 5.0%');
    await row.getByRole('button', { name: '调整返点' }).click();
    const sheet = agent.getByTestId('raise-rebate');
    await sheet.waitFor();
    expect(await sheet.getByTestId('raise-rebate-types').textContent()).toBe('快三 5.0%');
    // nothing changed yet: 确定 is off until a level or a type is chosen
    expect(await sheet.getByRole('button', { name: '确定' }).isDisabled()).toBe(true);
    await sheet.getByTestId('type-rebates-toggle').click();
    await expect.poll(() => text(agent, 'type-rebate-1')).toContain('5.0%');
    // the wheel of 快三 starts at the member's current 5.0 and offers nothing lower
    await agent.getByTestId('type-rebate-1').click();
    const picker = agent.locator('.adm-picker').filter({ visible: true });
    await picker.waitFor();
    const current = picker.locator('.adm-picker-view-column-accessible-current');
    await expect.poll(() => current.getAttribute('aria-label')).toContain('：5.0%');
    // 选择下一项 (one level down) has nowhere to go: 5.0 is the lowest level offered
    await picker
      .locator('.adm-picker-view-column-accessible-button')
      .nth(1)
      .evaluate((el) => (el as HTMLElement).click());
    await agent.waitForTimeout(300);
    expect(await current.getAttribute('aria-label')).toContain('：5.0%');
    await picker.getByText('取消').click();
    await agent.waitForTimeout(400);
    await pickLevel(agent, 'type-rebate-1', '5.5', 'up');
    await snapSettled(agent, 'agent-members-raise-types');
    await sheet.getByRole('button', { name: '确定' }).click();
    await agent.getByText('修改成功').waitFor();
    await expect.poll(() => row.getByTestId('member-type-rebates').textContent()).toContain('快三 5.5%');
    const rows = await stack.app.ctx.database.query<{ rebate: string; k3: string | null }>(
      `SELECT u.rebate::text, r.rebate::text AS k3 FROM users u
         LEFT JOIN user_type_rebate r ON r.user_id = u.id AND r.lottery_type = 1
        WHERE u.user_name = $1`,
      [childName.toLowerCase()],
    );
    expect(rows[0]).toEqual({ rebate: '6.0', k3: '5.5' });
    await snapSettled(agent, 'agent-members-raised-types');
  });
});
