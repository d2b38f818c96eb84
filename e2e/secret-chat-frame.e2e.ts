import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { launch, phone, snap } from './support/browser';
import { buildWeb } from './support/stack';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

/**
 * The floating private-chat frame (spec/platform.md §2 "Floating secret-chat frame") on two
 * 390x844 phones against the real server: manager01 writes to player01 in a private chat while
 * player01 is on /home; the frame shows the sender and the message above the page, clear of the
 * tab bar and the 聊天室 button; player01 replies from it and manager01 sees the reply on the chat
 * page; minimised, the frame is a badge counting the next messages; 打开 goes to the full chat.
 */
const CONNECT_WAIT_MS = 25_000;

let browser: Browser;
let app: Awaited<ReturnType<typeof build>>;
let dataDir: string;
let player: { context: BrowserContext; page: Page };
let manager: { context: BrowserContext; page: Page };
let playerId: number;
let managerName: string;

/** manager01's private chat with player01, opened as 私聊 opens it (fetch or create, then the route). */
async function openPrivateChat(page: Page): Promise<number> {
  const roomId = await page.evaluate(async (target) => {
    const res = await fetch(`/v1/chat/getDirectRoomWeb?targetUserId=${target}`);
    return ((await res.json()) as { data: { roomId: number } }).data.roomId;
  }, playerId);
  await page.goto(`/chat/${roomId}?account=player01&userId=${playerId}`);
  await page.locator('.chat-page[data-connection="connected"]').waitFor({ timeout: CONNECT_WAIT_MS });
  return roomId;
}

async function say(page: Page, text: string) {
  await page.locator('textarea.chat-input').fill(text);
  await page.getByRole('button', { name: '发送' }).click();
}

const bubble = (page: Page, text: string) => page.locator('[data-testid="chat-message"]', { hasText: text });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-secret-chat-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    TENANT_CODE: 'demo',
    WEB_DIST: buildWeb(),
  });
  app = await build({ config, logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const rows = await app.ctx.database.query<{ id: number; user_name: string; nick_name: string | null }>(
    "SELECT id, user_name, nick_name FROM users WHERE user_name IN ('player01', 'manager01')",
  );
  playerId = Number(rows.find((r) => r.user_name === 'player01')!.id);
  const managerRow = rows.find((r) => r.user_name === 'manager01')!;
  managerName = managerRow.nick_name || 'manager01';
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await launch();
  player = await phone(browser, baseUrl);
  manager = await phone(browser, baseUrl);
  for (const [{ page }, name] of [
    [player, 'player01'],
    [manager, 'manager01'],
  ] as const) {
    await page.goto('/login');
    await logIn(page, name, DEMO_PASSWORD);
    await waitForPath(page, '/home');
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('floating private-chat frame', () => {
  it('shows a private message on /home, and the reply from the frame reaches the sender', async () => {
    const page = player.page;
    // the shell opens the player's account socket once the browser is idle after the first paint
    await expect
      .poll(() => app.chatModule.hub.accountUserIds().includes(playerId), { timeout: 15_000 })
      .toBe(true);
    const roomId = await openPrivateChat(manager.page);
    await say(manager.page, '你好，今晚有加奖活动');

    const frame = page.getByTestId('secret-chat-frame');
    await frame.getByText('你好，今晚有加奖活动').waitFor();
    await frame.getByText(managerName, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await snap(page, 'secret-chat-frame-home');

    // above the page, clear of the tab bar's buttons and of the 聊天室 button
    const box = (await frame.boundingBox())!;
    const tabBar = (await page.locator('.adm-tab-bar').boundingBox())!;
    const chatButton = (await page.getByTestId('chat-float').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(tabBar.y);
    expect(box.y + box.height).toBeLessThanOrEqual(chatButton.y);

    await frame.getByRole('textbox', { name: '回复' }).fill('收到，谢谢');
    await frame.getByRole('button', { name: '发送' }).click();
    await frame.locator('.secret-chat-row.own', { hasText: '收到，谢谢' }).waitFor();
    await expect.poll(() => frame.getByRole('textbox', { name: '回复' }).inputValue()).toBe('');
    // the sender, on the chat page, gets it live
    await bubble(manager.page, '收到，谢谢').waitFor();
    await snap(manager.page, 'secret-chat-frame-reply-received');

    // minimised: a badge that counts what comes next; tapped, the frame again with them
    await frame.getByRole('button', { name: '最小化' }).click();
    const badge = page.getByTestId('secret-chat-badge');
    await badge.waitFor();
    await say(manager.page, '活动21:30开始');
    await say(manager.page, '别错过哦');
    await expect.poll(() => badge.getByTestId('secret-chat-unread').textContent()).toBe('2');
    await snap(page, 'secret-chat-frame-badge');
    await badge.click();
    await frame.getByText('别错过哦').waitFor();
    await frame.getByText('活动21:30开始').waitFor();
    await frame.locator('.secret-chat-row.own', { hasText: '收到，谢谢' }).waitFor();
    await snap(page, 'secret-chat-frame-expanded');

    // 打开: the full chat, where the frame does not show
    await frame.getByRole('button', { name: '打开' }).click();
    await page.waitForURL((url) => url.pathname === `/chat/${roomId}`);
    await bubble(page, '别错过哦').waitFor();
    expect(await page.getByTestId('secret-chat-frame').count()).toBe(0);
    expect(await page.getByTestId('secret-chat-badge').count()).toBe(0);
  });
});
