import { createHash } from 'node:crypto';
import { issueTimes } from '@lottery/rules/schedule';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { request as playwrightRequest } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BettingStack, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

/**
 * Issue 20's chat screens on a phone against the real server (the stack of chat.e2e.ts, with the
 * house drawing 极速快三 so the lobby's push plan can be settled):
 * 1. a push-plan card says 等待开奖, and turns 已中 / 未中 with the draw once its issue is drawn,
 *    on the open screen without a reload, the same as 历史开奖 and after a reload;
 * 2. opening the emoji panel keeps the newest message in view;
 * 3. 玩家信息's Ta喜欢的彩票 shows the lottery icons, the played ones highlighted, each opening the hall.
 */
const ROOM = 'lobby';
/** The lobby's push plan (seeded) picks 大/小 for 极速快三. */
const PLAN_LOTTERY = '1401';
/** Joining a room waits on the one embedded database the whole server shares; the machine is shared too. */
const CONNECT_WAIT_MS = 25_000;
/** Enough text messages to fill the phone's list several times over. */
const FILLER = 16;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const digest = (userName: string, password: string) =>
  sha256(sha256(userName.toLowerCase()) + sha256(password));
const enpath = (path: string) => `/v1/enpath/${Buffer.from(path).toString('base64')}`;

type Reply<T = unknown> = { code: number; msg: string; data: T };

async function call<T>(api: APIRequestContext, path: string, form?: Record<string, string>) {
  const res = form ? await api.post(enpath(path), { form }) : await api.get(enpath(path));
  return (await res.json()) as Reply<T>;
}

let stack: BettingStack;
let browser: Browser;
let page: Page;
let manager: APIRequestContext;

const bubble = (text: string) => page.locator('[data-testid="chat-message"]', { hasText: text });

async function openLobby() {
  await page.goto(`/chat/${ROOM}`);
  await page.locator('.chat-page[data-connection="connected"]').waitFor({ timeout: CONNECT_WAIT_MS });
}

/** A 极速快三 draw as a push plan reads it: a sum of 11-18 is 大, 3-10 小. */
const bigSmall = (numbers: string) =>
  numbers.split(',').reduce((s, n) => s + Number(n), 0) >= 11 ? '大' : '小';

async function query<T>(text: string, params: unknown[]): Promise<T[]> {
  return stack.app.ctx.database.query<T>(text, params);
}

beforeAll(async () => {
  stack = await startBettingStack({ startMs: Date.now(), lotteries: [lotteryOf(PLAN_LOTTERY)] });
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  await page.goto('/login');
  await logIn(page, 'player01', DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  manager = await playwrightRequest.newContext({ baseURL: stack.baseUrl });
  const login = await call(manager, 'users/login', {
    userName: 'manager01',
    password: digest('manager01', DEMO_PASSWORD),
  });
  expect(login.code, login.msg).toBe(1);
}, 240_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const name = ctx.task.name.slice(0, 24).replace(/\W+/g, '-');
  await page?.screenshot({ path: `e2e/output/chat-screens-failed-${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  await manager?.dispose();
  await browser?.close();
  await stack?.close();
});

describe('chat room screens', () => {
  it('the 聊天室 button on /home covers no link, button or badge at any scroll (issue 37)', async () => {
    await page.goto('/home');
    const float = page.getByTestId('chat-float');
    await float.waitFor();
    await page.locator('.section-more').first().waitFor();
    await snap(page, 'chat-float-home');
    // every scroll position: nothing a player taps lies under any point of the button
    const covered = await page.evaluate(async () => {
      const found: string[] = [];
      const button = document.querySelector('[data-testid="chat-float"]')!;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      for (let y = 0; y <= max + 40; y += 40) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const box = button.getBoundingClientRect();
        for (const fx of [0.1, 0.5, 0.9])
          for (const fy of [0.1, 0.5, 0.9]) {
            // what the player would see there without the button: the topmost element beneath it
            const under = document
              .elementsFromPoint(box.left + box.width * fx, box.top + box.height * fy)
              .find((e) => !button.contains(e));
            const tappable = under?.closest('a, button, [role="button"], .adm-badge, .adm-tag, .lottery-hot');
            if (tappable)
              found.push(
                `${y}: ${tappable.className || tappable.tagName} ${tappable.textContent?.slice(0, 12)}`,
              );
          }
      }
      window.scrollTo(0, 0);
      return found;
    });
    expect(covered).toEqual([]);
    // and each 更多 link and card badge takes its own tap, scrolled into view
    for (const target of await page.locator('.section-more, .lottery-hot').all()) {
      const hit = await target.evaluate(async (element) => {
        element.scrollIntoView({ block: 'center' });
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && element.contains(top)
          ? 'hit'
          : `${top?.className} over ${element.textContent}`;
      });
      expect(hit).toBe('hit');
    }
  });

  it('a push-plan card turns 已中 or 未中 once its issue is drawn, without a reload', async () => {
    await openLobby();
    await stack.app.chatModule.pushPlans.tick();
    const waiting = page.getByTestId('plan-card').filter({ hasText: '等待开奖' }).last();
    await waiting.waitFor();
    const text = (await waiting.textContent()) ?? '';
    const issue = /第(\S+?)期/.exec(text)![1]!;
    const prediction = /预测：(大|小)/.exec(text)![1]!;
    const card = page.getByTestId('plan-card').filter({ hasText: `第${issue}期` });
    await snap(page, 'chat-screens-01-plan-waiting');

    // the issue is drawn by the house, then the plan job settles the pick
    stack.clock.jumpTo(issueTimes(lotteryOf(PLAN_LOTTERY), issue)!.drawMs + 2000);
    for (let i = 0; i < 10; i++) {
      const report = await stack.app.scheduler.tick();
      if (report.drawn === 0 && report.settled === 0) break;
    }
    const [draw] = await query<{ numbers: string }>(
      'SELECT numbers FROM draw_issue WHERE lottery_code = $1 AND issue = $2',
      [PLAN_LOTTERY, issue],
    );
    expect(draw, `issue ${issue} drawn`).toBeDefined();
    const result = bigSmall(draw!.numbers) === prediction ? '已中' : '未中';
    await stack.app.chatModule.pushPlans.tick();

    // the card on screen changes by itself: the result and the draw, no longer 等待开奖
    await card.locator('em', { hasText: result }).waitFor();
    expect(await card.textContent()).toContain(`开奖：${draw!.numbers}`);
    expect(await card.textContent()).not.toContain('等待开奖');
    expect(await card.count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'chat-screens-02-plan-settled');

    // 历史开奖 says the same for that issue
    await card.click();
    const history = page.locator('.chat-side-page', {
      has: page.locator('.chat-side-head', { hasText: '历史开奖' }),
    });
    await history
      .locator('.adm-list-item', { hasText: `第${issue}期` })
      .getByText(result)
      .waitFor();
    await history.locator('.chat-side-head button[aria-label="返回"]').click();
    await history.waitFor({ state: 'hidden' });

    // and so does the room after a reload (the stored card changed, not only the screen)
    await openLobby();
    await card.locator('em', { hasText: result }).waitFor();
  });

  it('opening the emoji panel keeps the newest message in view', async () => {
    for (let i = 1; i <= FILLER; i++) {
      // 5 messages per 3 s a sender: space them on the server's clock instead of waiting
      stack.clock.jumpTo(stack.clock.now() + 700);
      const sent = await call(manager, 'chat/addMessage', {
        roomCode: ROOM,
        messageTypeId: '1',
        message: `填充消息第${i}条`,
      });
      expect(sent.code, sent.msg).toBe(1);
    }
    const newest = bubble(`填充消息第${FILLER}条`);
    await newest.waitFor();
    const list = page.getByTestId('chat-list');
    /** The newest message lies wholly inside the list's visible box. */
    const newestInView = async () => {
      const area = (await list.boundingBox())!;
      const box = (await newest.boundingBox())!;
      return box.y >= area.y - 1 && box.y + box.height <= area.y + area.height + 1;
    };
    // the list is long enough that hiding its bottom is possible
    expect(await list.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeGreaterThan(300);
    await expect.poll(newestInView).toBe(true);

    await page.getByRole('button', { name: '表情' }).click();
    await page.locator('.emoji-panel').waitFor();
    await page.waitForTimeout(300);
    expect(await newestInView()).toBe(true);
    await snap(page, 'chat-screens-03-emoji-panel');

    // and after closing it the list still ends on the newest message
    await page.getByRole('button', { name: '表情' }).click();
    await page.locator('.emoji-panel').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(await newestInView()).toBe(true);
    expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
  });

  it('玩家信息 shows Ta喜欢的彩票 as lottery icons, the played ones highlighted, each opening the hall', async () => {
    // manager01 has bet on 快三 and 时时彩 (two settled bets written as the betting module stores them)
    const tenant = await stack.app.ctx.tenant.get();
    const [user] = await query<{ id: string }>(
      'SELECT id::text FROM users WHERE tenant_id = $1 AND user_name = $2',
      [tenant!.id, 'manager01'],
    );
    for (const [i, code] of ['1401', '1001'].entries()) {
      await query(
        `INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
           user_rebate_tenths, point_tenths, state, created_at, settled_at)
         VALUES ($1, $2, $3, $3, $4, '20260101001', 10000, 0, 0, 2, $5, $5)`,
        [tenant!.id, user!.id, `e2e-card-${Date.now()}-${i}`, code, stack.clock.now()],
      );
    }

    await bubble('填充消息第1条').first().scrollIntoViewIfNeeded();
    await bubble('填充消息第1条').first().locator('.chat-avatar').click();
    const popup = page.getByTestId('player-card');
    // a member sees the manager's account masked (spec §5)
    await popup.getByText('账号：ma***1').waitFor();
    await popup.getByText('Ta喜欢的彩票').waitFor();
    const icons = popup.locator('.player-lotteries a');
    // one icon per lottery family, each a picture, each a link to that family's hall
    expect(await icons.count()).toBe(10);
    expect(await popup.locator('.player-lotteries a svg[role="img"]').count()).toBe(10);
    const k3 = popup.getByRole('link', { name: '快三' });
    expect(await k3.getAttribute('href')).toBe('/lotteryHall?key=K3');
    expect(await popup.getByRole('link', { name: '时时彩' }).getAttribute('href')).toBe(
      '/lotteryHall?key=SSC',
    );
    // the played ones are highlighted (in colour), the others greyed
    const played = await icons.evaluateAll((links) =>
      links.filter((a) => a.getAttribute('data-played') === 'true').map((a) => a.getAttribute('aria-label')),
    );
    expect(played).toEqual(['快三', '时时彩']);
    const filterOf = (name: string) =>
      popup
        .getByRole('link', { name })
        .locator('svg')
        .evaluate((svg) => getComputedStyle(svg).filter);
    expect(await filterOf('快三')).toBe('none');
    expect(await filterOf('六合彩')).toContain('grayscale');
    await page.waitForTimeout(400);
    await snap(page, 'chat-screens-04-player-card');

    await k3.click();
    await waitForPath(page, '/lotteryHall?key=K3');
    await page.getByText('极速快三').first().waitFor();
    await snap(page, 'chat-screens-05-hall-from-card');
  });
});
