import type { BetListData } from '@lottery/contract/betting';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { issueTimes } from '@lottery/rules/schedule';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, logIn, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * Issue 11, share and follow, on two phones against the real server:
 * player A (player01) bets 福彩3D on the play page and shares the slip into the lobby; player B (a
 * new account) sees the card in the room, opens 分享注单, 我要跟投 at 3倍, and the bet B placed is in
 * B's records with the amount the rules give (A's base × notes × 3); a guest is refused
 * 访客不能跟投，请先注册登录.
 */
const ROOM = 'lobby';
const FC3D = '1501';
/** The lobby's seeded push plan picks 大/小 for 极速快三. */
const PLAN_LOTTERY = '1401';
const CONNECT_WAIT_MS = 25_000;
const FOLLOW_MULTIPLIER = 3;

let stack: BettingStack;
let browser: Browser;
let pageA: Page;
let pageB: Page;
let pageGuest: Page;
const userB = uniqueAccount('fol');

const ball = (page: Page, row: string, value: string) =>
  page.locator(`.pick-row[data-row="${row}"] [data-value="${value}"]`).first();

async function api<T>(page: Page, path: string, form?: Record<string, string>): Promise<T> {
  const body = await page.evaluate(
    async ({ p, f }) => {
      const init: RequestInit = f
        ? {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(f).toString(),
          }
        : {};
      return (await fetch(`/v1/${p}`, init)).json();
    },
    { p: path, f: form },
  );
  const envelope = body as { code: number; msg: string; data: T };
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function openRoom(page: Page, path: string) {
  await page.goto(path);
  await page.locator('.chat-page[data-connection="connected"]').waitFor({ timeout: CONNECT_WAIT_MS });
}

beforeAll(async () => {
  // Beijing 20:40: 福彩3D (daily, drawn 21:15) is on sale for the whole test.
  stack = await startBettingStack({
    startMs: beijingToday(20, 40),
    lotteries: [lotteryOf(FC3D), lotteryOf(PLAN_LOTTERY)],
  });
  browser = await launch();
  ({ page: pageA } = await phone(browser, stack.baseUrl));
  ({ page: pageB } = await phone(browser, stack.baseUrl));
  ({ page: pageGuest } = await phone(browser, stack.baseUrl));
  await stack.fund('player01', 100);
  await pageA.goto('/login');
  await logIn(pageA, 'player01', DEMO_PASSWORD);
  await pageA.waitForURL((url) => !url.pathname.startsWith('/login'));
  await pageB.goto('/register');
  await register(pageB, userB, DEMO_PASSWORD);
  await waitForPath(pageB, '/home');
  await stack.fund(userB, 100);
}, 240_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const name = ctx.task.name.slice(0, 24).replace(/\W+/g, '-');
  for (const [who, page] of [
    ['a', pageA],
    ['b', pageB],
    ['guest', pageGuest],
  ] as const)
    await page
      ?.screenshot({ path: `e2e/output/share-follow-failed-${name}-${who}.png` })
      .catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/**
 * A's bet: 福彩3D 直选 1|2,5|3 (2 notes, 4.00 yuan) through the basket; answers the placed issue.
 * `open` false: A is on the play page already (reached from the room).
 */
async function betOnPlayPage(open = true): Promise<{ issue: string; orderId: string }> {
  if (open) await pageA.goto(`/lottery/FC3D/${FC3D}`);
  await pageA
    .getByTestId('countdown')
    .filter({ hasText: /\d\d:\d\d:\d\d|预售中/ })
    .waitFor({ timeout: 20_000 });
  await ball(pageA, '百位', '1').click();
  await ball(pageA, '十位', '2').click();
  await ball(pageA, '十位', '5').click();
  await ball(pageA, '个位', '3').click();
  await pageA.getByRole('button', { name: '添加号码' }).click();
  await pageA.getByLabel('号码栏').click();
  await pageA.locator('.basket-panel').getByRole('button', { name: '立即投注' }).click();
  const reply = pageA.waitForResponse((r) =>
    r.url().includes(`/v1/enpath/${Buffer.from('betting/addBetting').toString('base64')}`),
  );
  await pageA
    .locator('.adm-dialog', { hasText: '投注确认' })
    .getByRole('button', { name: '立即投注' })
    .click();
  const body = (await (await reply).json()) as {
    code: number;
    msg: string;
    data: { issue: string; orderId: string };
  };
  expect(body.code, body.msg).toBe(1);
  await pageA
    .locator('.adm-dialog', { hasText: '投注成功' })
    .getByRole('button', { name: '分享注单' })
    .waitFor();
  await snap(pageA, 'share-follow-01-a-bet-placed');
  return body.data;
}

/**
 * 修改分享注单金额 opens first (spec §5 "editing, then … shared"): it starts at the slip's 1倍 and
 * 4.00; above 10000 resets to 10000, invalid to 1 (spec §8); `multiplier` is what A shares.
 */
async function editShare(multiplier: number, snapName: string) {
  const edit = pageA.getByTestId('share-edit');
  await edit.getByText('修改分享注单金额').waitFor();
  const input = edit.getByRole('textbox', { name: '倍数' });
  expect(await input.inputValue()).toBe('1');
  await edit.getByTestId('share-edit-total').filter({ hasText: '4.00' }).waitFor();
  await input.fill('20000');
  await input.blur();
  expect(await input.inputValue()).toBe('10000');
  await edit
    .getByTestId('share-edit-total')
    .filter({ hasText: formatMoney(400_000_000n) })
    .waitFor();
  await input.fill('');
  await input.blur();
  expect(await input.inputValue()).toBe('1');
  await input.fill(String(multiplier));
  await edit
    .getByTestId('share-edit-total')
    .filter({ hasText: formatMoney(40_000n * BigInt(multiplier)) })
    .waitFor();
  await snap(pageA, snapName);
  await edit.getByRole('button', { name: '确定' }).click();
}

/** A shares the slip through 投注成功 › 分享注单, the edit popup (kept at 1倍) and the room picker. */
async function shareIntoLobby() {
  const success = pageA.locator('.adm-dialog', { hasText: '投注成功' });
  await success.getByRole('button', { name: '分享注单' }).click();
  await editShare(1, 'share-follow-02a-a-edit');
  const picker = pageA.getByTestId('share-picker');
  await picker.getByText('分享到聊天室').waitFor();
  const lobby = picker.getByTestId('share-target').filter({ hasText: '彩友大厅' });
  const muted = picker.getByTestId('share-target').filter({ hasText: '全体禁言' });
  await lobby.waitFor();
  await muted.first().waitFor();
  await muted.first().click();
  expect(await muted.first().locator('input[type="checkbox"]').isChecked()).toBe(false);
  await lobby.click();
  await snap(pageA, 'share-follow-02-a-picker');
  await picker.getByRole('button', { name: '分享(1)' }).click();
  await pageA.getByText('分享成功').waitFor();
}

const lastCard = (page: Page): Locator => page.getByTestId('share-card').last();
let sharedIssue = '';

describe('share a slip into a room and follow it', () => {
  it('B follows A’s shared slip at 3倍 and finds the bet in the records', async () => {
    await openRoom(pageB, `/chat/${ROOM}`);
    const placed = await betOnPlayPage();
    // not opened from a room: 投注成功 offers no 分享到本聊天室
    expect(
      await pageA.locator('.adm-dialog', { hasText: '投注成功' }).getByText('分享到本聊天室').count(),
    ).toBe(0);
    await shareIntoLobby();

    // B sees the card arrive in the open room
    const card = lastCard(pageB);
    await card.filter({ hasText: `第${placed.issue}期` }).waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('福彩3D');
    expect(await card.textContent()).toContain('4.00');
    await card.scrollIntoViewIfNeeded();
    await snap(pageB, 'share-follow-03-b-card');

    await card.click();
    const dialog = pageB.getByTestId('share-bet-dialog');
    await dialog.waitFor();
    for (const text of ['分享注单', '福彩3D', placed.issue, '4.00元', '2,5'])
      expect(await dialog.textContent()).toContain(text);
    await snap(pageB, 'share-follow-04-b-share-dialog');
    await dialog.getByRole('button', { name: '我要跟投' }).click();

    const follow = pageB.getByTestId('follow-bet');
    await follow.getByText(`第${placed.issue}期`).waitFor();
    // minus disabled at 1; plus twice, then 3 by typing gives the same
    expect(await follow.getByRole('button', { name: '减少' }).isDisabled()).toBe(true);
    await follow.getByRole('button', { name: '增加' }).click();
    await follow.getByRole('button', { name: '增加' }).click();
    const expectedMinor = 2n * 20_000n * BigInt(FOLLOW_MULTIPLIER);
    await follow
      .getByTestId('follow-total')
      .filter({ hasText: formatMoney(expectedMinor) })
      .waitFor();
    await snap(pageB, 'share-follow-05-b-follow');
    await follow.getByRole('button', { name: '立即投注' }).click();
    // spec §2: after a successful bet, 投注成功 with 分享到本聊天室 and 分享注单 (the follow too)
    const success = pageB.locator('.adm-dialog', { hasText: '投注成功' });
    for (const name of ['确定', '分享注单', '分享到本聊天室'])
      await success.getByRole('button', { name }).waitFor();
    await snap(pageB, 'share-follow-06-b-placed');
    // taps inside the dialogs never reached the chat bubble: nothing is selected
    expect(await pageB.locator('.chat-row.selected').count()).toBe(0);
    sharedIssue = placed.issue;

    // B shares the slip as followed (3倍) on into this room, through the same edit popup
    await success.getByRole('button', { name: '分享到本聊天室' }).click();
    const edit = pageB.getByTestId('share-edit');
    await edit.getByText('修改分享注单金额').waitFor();
    expect(await edit.getByRole('textbox', { name: '倍数' }).inputValue()).toBe(String(FOLLOW_MULTIPLIER));
    await edit.getByRole('button', { name: '确定' }).click();
    await pageB.getByText('分享成功').waitFor();
    await lastCard(pageB)
      .filter({ hasText: formatMoney(expectedMinor) })
      .filter({ hasText: `第${placed.issue}期` })
      .waitFor({ timeout: 15_000 });
    await snap(pageB, 'share-follow-06b-b-shared-on');

    // the bet is B's, on the current issue, at the recomputed amount
    const records = await api<BetListData>(pageB, 'betting/getBetting?period=today&pageNum=1&pageSize=10');
    const rows = records.rows;
    expect(rows).toHaveLength(1);
    expect(parseMoney(rows[0]!.bettingAmount)).toBe(expectedMinor);
    expect(rows[0]!.issue).toBe(placed.issue);
    await pageB.goto('/bettingRecord');
    await pageB.getByText(formatMoney(expectedMinor)).first().waitFor();
    await snap(pageB, 'share-follow-07-b-records');
  });

  it('分享到本聊天室: from the room’s card to the play page, bet, edit to 2倍, the card lands in the room', async () => {
    expect(sharedIssue, 'the first test shared a slip').not.toBe('');
    await openRoom(pageB, `/chat/${ROOM}`);
    await openRoom(pageA, `/chat/${ROOM}`);
    const mine = lastCard(pageA);
    await mine.scrollIntoViewIfNeeded();
    await mine.click();
    await pageA.getByTestId('share-bet-dialog').getByRole('link', { name: '去投注 ›' }).click();
    await pageA.waitForURL(
      (url) => url.pathname === `/lottery/FC3D/${FC3D}` && url.search === `?roomCode=${ROOM}`,
    );
    await snap(pageA, 'share-follow-10-a-play-from-room');

    const placed = await betOnPlayPage(false);
    const success = pageA.locator('.adm-dialog', { hasText: '投注成功' });
    await success.getByRole('button', { name: '分享到本聊天室' }).click();
    await editShare(2, 'share-follow-11-a-edit-2x');
    await pageA.getByText('分享成功').waitFor();
    // no picker: it went straight to the room the page was opened from
    expect(await pageA.getByText('分享到聊天室').count()).toBe(0);

    // B, in the room, sees the edited card: 2倍, 8.00
    const card = lastCard(pageB).filter({ hasText: '8.00' });
    await card.filter({ hasText: `第${placed.issue}期` }).waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await card.click();
    const dialog = pageB.getByTestId('share-bet-dialog');
    await dialog.waitFor();
    for (const text of ['演示玩家一号', '福彩3D', '8.00元', '2倍'])
      expect(await dialog.textContent()).toContain(text);
    await snap(pageB, 'share-follow-12-b-edited-card');
    await dialog.getByRole('button', { name: '关闭' }).click();
  });

  it('an issue that closes while the follow dialog is open answers 投注超时，请重新投注。', async () => {
    expect(sharedIssue, 'the first test shared a slip').not.toBe('');
    await pageB.goto(`/chat/${ROOM}`);
    await pageB.locator('.chat-page[data-connection="connected"]').waitFor({ timeout: CONNECT_WAIT_MS });
    const card = lastCard(pageB);
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await pageB.getByTestId('share-bet-dialog').getByRole('button', { name: '我要跟投' }).click();
    const follow = pageB.getByTestId('follow-bet');
    await follow.getByText(`第${sharedIssue}期`).waitFor();
    const before = await api<{ rows: unknown[] }>(
      pageB,
      'betting/getBetting?period=today&pageNum=1&pageSize=10',
    );

    // the issue's sales close while B decides
    stack.clock.jumpTo(issueTimes(lotteryOf(FC3D), sharedIssue)!.closeMs + 1000);
    await stack.app.scheduler.tick();
    await follow.getByRole('button', { name: '立即投注' }).click();
    const timeout = pageB.locator('.adm-dialog', { hasText: '投注超时，请重新投注。' });
    await timeout.getByRole('button', { name: '确定' }).waitFor();
    await snap(pageB, 'share-follow-07b-b-timeout');
    await timeout.getByRole('button', { name: '确定' }).click();
    // nothing was placed, and the dialog moved to the issue on sale now
    const after = await api<{ rows: unknown[] }>(
      pageB,
      'betting/getBetting?period=today&pageNum=1&pageSize=10',
    );
    expect(after.rows).toHaveLength(before.rows.length);
    await follow
      .locator('.follow-head small')
      .filter({ hasNotText: `第${sharedIssue}期` })
      .filter({ hasText: /^第\S+期$/ })
      .waitFor();
    await follow.getByRole('button', { name: '取消' }).click();
  });

  it('B follows a push plan: 推送计划注单 asks 请输入单注金额, then bets the pick on the issue on sale', async () => {
    await stack.app.scheduler.tick();
    await stack.app.chatModule.pushPlans.tick();
    await pageB.goto(`/chat/${ROOM}`);
    await pageB.locator('.chat-page[data-connection="connected"]').waitFor({ timeout: CONNECT_WAIT_MS });
    const plan = pageB
      .getByTestId('chat-message')
      .filter({ has: pageB.getByTestId('plan-card').filter({ hasText: '等待开奖' }) })
      .last();
    await plan.scrollIntoViewIfNeeded();
    const text = (await plan.getByTestId('plan-card').textContent()) ?? '';
    const prediction = /预测：(大|小)/.exec(text)![1]!;
    await plan.getByRole('button', { name: '跟投' }).click();
    const dialog = pageB.getByTestId('plan-follow');
    await dialog.getByText('推送计划注单').waitFor();
    await dialog
      .locator('.follow-head small')
      .filter({ hasText: /^第\S+期$/ })
      .waitFor();
    await dialog.getByRole('button', { name: '立即投注' }).click();
    await pageB.getByText('请输入单注金额').last().waitFor();
    await dialog.getByPlaceholder('请输入单注金额').fill('5');
    // 8 sums at 5 yuan; on a 14-code lottery 和值 (A10) does not multiply the notes in (spec §5)
    await dialog.getByText('共8注，合计 5.00 元').waitFor();
    await snap(pageB, 'share-follow-09-b-plan-follow');
    await dialog.getByRole('button', { name: '立即投注' }).click();
    await pageB
      .locator('.adm-dialog', { hasText: '投注成功' })
      .getByRole('button', { name: '确定' })
      .waitFor();
    expect(await pageB.locator('.chat-row.selected').count()).toBe(0);

    const records = await api<BetListData>(
      pageB,
      `betting/getBetting?period=today&pageNum=1&pageSize=10&lotteryCode=${PLAN_LOTTERY}`,
    );
    expect(records.rows).toHaveLength(1);
    expect(records.rows[0]!.bettingAmount).toBe('5.00');
    const detail = await api<{ betInfoList: { betNum: string }[] }>(
      pageB,
      `betting/getBetDetail?id=${records.rows[0]!.id}`,
    );
    expect(detail.betInfoList[0]!.betNum).toBe(
      prediction === '大' ? '11,12,13,14,15,16,17,18' : '3,4,5,6,7,8,9,10',
    );
  });

  it('a guest is refused: 访客不能跟投，请先注册登录 with 注册 / 取消', async () => {
    await openRoom(pageGuest, `/chatGuest/${ROOM}`);
    const card = lastCard(pageGuest);
    await card.waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await pageGuest.getByTestId('share-bet-dialog').getByRole('button', { name: '我要跟投' }).click();
    const refusal = pageGuest.locator('.adm-dialog', { hasText: '访客不能跟投，请先注册登录' });
    await refusal.getByRole('button', { name: '取消' }).waitFor();
    await snap(pageGuest, 'share-follow-08-guest-refused');
    await refusal.getByRole('button', { name: '注册' }).click();
    await waitForPath(pageGuest, '/register');
  });
});
