import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeEnpath, enpathUrl } from '@lottery/contract/enpath';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

/**
 * 吉聊 (issue 15, docs/embed-chat.md) in Chromium at 390x844: with the switch off the tab is hidden
 * and /embedChat goes home; switched on, player01 opens the tab, the framed chat app starts
 * (ThirdPartyLoginStart), registers a chat account (RegisterAccount), the host page shows the
 * binding (AccountBindSuccess), and after a reload the player is still bound and signed in to the
 * chat (embedChatBindInfo, embedChatRefreshAccount). Then a frame from another origin (a second,
 * HTTPS server; CSP allows https: frames) posts ltType messages at the host: the host receives
 * them and does nothing.
 */
let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let evil: Server;
let evilOrigin = '';
const certDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-evil-'));
const nickname = '吉聊测试员';

/** The other origin's page: posts every host-bound ltType at its parent, records any answer. */
const EVIL_PAGE = `<!doctype html><meta charset="utf-8"><body>evil
<script>
  window.answers = [];
  addEventListener('message', (e) => window.answers.push(e.data));
  for (const m of [
    { ltType: 'ThirdPartyLoginStart' },
    { ltType: 'RegisterAccount', uid: '12345678' },
    { ltType: 'BindExistedAccount', uid: '12345678' },
    { ltType: 'AvatarAndUidRequest' },
    { ltType: 'RefreshAvatar' },
    { ltType: 'TenantNameRequest' },
  ]) parent.postMessage(m, '*');
  window.posted = true;
</script>`;

function startEvilServer(): Promise<void> {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  evil = createServer(
    { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(EVIL_PAGE);
    },
  );
  return new Promise((resolve) =>
    evil.listen(0, '127.0.0.1', () => {
      evilOrigin = `https://127.0.0.1:${(evil.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

const chat = (): FrameLocator => page.frameLocator('iframe[title="吉聊"]');
const status = () => page.getByTestId('embed-chat-status');
const isCall = (path: string) => (url: string) => url.includes(enpathUrl(path));

beforeAll(async () => {
  stack = await startStack();
  await startEvilServer();
  browser = await launch();
  context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    serviceWorkers: 'block',
    // the second origin's self-signed certificate
    ignoreHTTPSErrors: true,
  });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (evil ? evil.close(resolve) : resolve(undefined)));
  await stack?.close();
  rmSync(certDir, { recursive: true, force: true });
});

describe('吉聊', () => {
  it('is hidden while the site has it off, and /embedChat goes home', async () => {
    await page.goto('/login');
    await logIn(page, 'player01', DEMO_PASSWORD);
    await waitForPath(page, '/home');
    await expect.poll(() => page.locator('.adm-tab-bar-item').count()).toBeGreaterThanOrEqual(3);
    await expect(page.locator('.adm-tab-bar-item', { hasText: '吉聊' }).count()).resolves.toBe(0);
    await page.goto('/embedChat');
    await waitForPath(page, '/home');
  });

  it('player01 registers a chat account through the frame and the host shows the binding', async () => {
    await stack.admin('site-config', ['embedChatEnabled=true']);
    // The server re-reads the tenant within 2 s; the web asks for the site config once its shell
    // runs, which may answer after the page's load event: each attempt gives the answer a moment.
    const tab = page.locator('.adm-tab-bar-item', { hasText: '吉聊' });
    await expect
      .poll(
        async () => {
          await page.goto('/home');
          return tab.waitFor({ timeout: 3000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    await page.locator('.adm-tab-bar-item', { hasText: '吉聊' }).click();
    await waitForPath(page, '/embedChat');
    await expect.poll(() => status().textContent()).toBe('尚未绑定吉聊账号');
    await chat().getByRole('tab', { name: '注册新账号' }).waitFor();
    await snap(page, 'embed-chat-sign-in');

    await chat().getByPlaceholder('2-12个字').fill(nickname);
    await chat().getByPlaceholder('6-20位').fill('chat1234');
    await chat().getByRole('button', { name: '注册并绑定' }).click();

    await expect
      .poll(() => status().textContent())
      .toMatch(new RegExp(`^已绑定吉聊账号 ${nickname}（\\d{8}）$`));
    await expect.poll(() => chat().getByTestId('jl-account').textContent()).toContain(nickname);
    const [row] = await stack.query<{ uid: string; user_name: string }>(
      `SELECT a.uid, u.user_name FROM embed_chat_account a JOIN users u ON u.id = a.user_id`,
    );
    expect(row?.user_name).toBe('player01');
    expect(await status().textContent()).toContain(row!.uid);
    expect(await chat().getByTestId('jl-account').textContent()).toContain(`吉聊号 ${row!.uid}`);
    // the frame asked for the tenant's name (TenantNameRequest)
    await expect.poll(() => chat().locator('.jl-partner').textContent()).toMatch(/^来自 .+/);
    await snap(page, 'embed-chat-bound');
  });

  it('after a reload the player is still bound and the frame signs in to that account', async () => {
    const signIn = page.waitForResponse((r) => isCall('users/embedChatRefreshAccount')(r.url()));
    await page.reload();
    await expect.poll(() => status().textContent()).toMatch(new RegExp(`^已绑定吉聊账号 ${nickname}`));
    expect((await (await signIn).json()).code).toBe(1);
    await expect.poll(() => chat().getByTestId('jl-account').textContent()).toContain(nickname);
    await expect(chat().getByRole('tab', { name: '注册新账号' }).count()).resolves.toBe(0);

    // RefreshAvatar: the frame asks, the host copies the player's avatar and answers
    const [other] = await stack.query<{ avatar: string }>(
      `SELECT avatar FROM users WHERE avatar <> (SELECT avatar FROM users WHERE user_name = 'player01') LIMIT 1`,
    );
    const avatar = other!.avatar;
    await stack.query(`UPDATE users SET avatar = $1 WHERE user_name = 'player01'`, [avatar]);
    const refreshed = page.waitForResponse((r) => isCall('users/embedChatRefreshAvatar')(r.url()));
    await chat().getByRole('button', { name: '同步头像' }).click();
    expect((await (await refreshed).json()).data.avatar).toBe(avatar);
    await expect.poll(() => chat().locator('.jl-avatar').getAttribute('src')).toBe(avatar);
  });

  it('lists the demo rooms in the frame; a message sent there reaches a player watching the room', async () => {
    await page.goto('/embedChat');
    await expect.poll(() => chat().getByTestId('jl-account').textContent()).toContain(nickname);
    const rows = chat().getByTestId('jl-conversation');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        expect.stringContaining('彩友大厅'),
        expect.stringContaining('VIP 会员房'),
        expect.stringContaining('官方公告房'),
      ]);
    expect(await chat().getByText('暂无会话').count()).toBe(0);
    expect(await chat().getByLabel('密码房间').count()).toBe(1);
    await snap(page, 'embed-chat-conversations');

    // manager01 watches the lobby on a second phone (our own room page)
    const other = await phone(browser, stack.baseUrl);
    try {
      const watcher = other.page;
      await watcher.goto('/login');
      await logIn(watcher, 'manager01', DEMO_PASSWORD);
      await watcher.waitForURL((url) => !url.pathname.startsWith('/login'));
      await watcher.goto('/chat/lobby');
      await watcher.locator('.chat-page[data-connection="connected"]').waitFor({ timeout: 25_000 });

      await rows.filter({ hasText: '彩友大厅' }).click();
      await chat()
        .locator('[data-testid="jl-conversation-view"][data-state="connected"]')
        .waitFor({ timeout: 25_000 });
      const text = `来自吉聊的问候 ${Date.now()}`;
      await chat().getByPlaceholder('说点什么...').fill(text);
      const sent = page.waitForResponse((r) => isCall('chat/addMessage')(r.url()));
      await chat().getByRole('button', { name: '发送' }).click();
      expect((await (await sent).json()).code).toBe(1);
      // shown once in the frame (the send's reply and the socket echo are one message), as ours
      await expect.poll(() => chat().locator('.jl-mine', { hasText: text }).count()).toBe(1);
      // and it arrives live on the other phone
      await watcher.locator('[data-testid="chat-message"]', { hasText: text }).waitFor();

      // the other way: manager01's answer reaches the frame over its socket
      const answer = `收到 ${Date.now()}`;
      await watcher.locator('textarea.chat-input').fill(answer);
      await watcher.getByRole('button', { name: '发送' }).click();
      await chat().getByTestId('jl-message').filter({ hasText: answer }).waitFor();
      expect(await chat().locator('.jl-mine', { hasText: answer }).count()).toBe(0);
      const [stored] = await stack.query<{ n: string }>(
        `SELECT count(*) AS n FROM chat_message m JOIN users u ON u.id = m.user_id
          WHERE u.user_name = 'player01' AND m.message = $1`,
        [text],
      );
      expect(Number(stored?.n)).toBe(1);
      await snap(page, 'embed-chat-room');
      await snap(watcher, 'embed-chat-watcher');

      // 返回 goes back to the list inside the frame
      await chat().getByRole('button', { name: '返回' }).click();
      await rows.first().waitFor();
      expect(page.url()).toContain('/embedChat');

      // the password room asks for its 4 digits first (chat/checkPassword), then connects
      await rows.filter({ hasText: 'VIP 会员房' }).click();
      await chat().getByPlaceholder('请输入房间密码').fill('1234');
      await chat().getByRole('button', { name: '进入' }).click();
      await chat().getByText('房间密码错误').waitFor();
      await chat().getByPlaceholder('请输入房间密码').fill('8888');
      await chat().getByRole('button', { name: '进入' }).click();
      await chat()
        .locator('[data-testid="jl-conversation-view"][data-state="connected"]')
        .waitFor({ timeout: 25_000 });
      await chat().getByRole('button', { name: '返回' }).click();
    } finally {
      await other.context.close();
    }
  });

  it('ignores ltType messages from a frame of another origin', async () => {
    await page.goto('/embedChat');
    await expect.poll(() => chat().getByTestId('jl-account').textContent()).toContain(nickname);
    const before = await status().textContent();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (apiPath(r.url()).includes('embedChat')) calls.push(r.url());
    });
    // count what reaches the host window from the other origin, so the test proves it arrived
    await page.evaluate((origin) => {
      const w = window as unknown as { fromEvil: number };
      w.fromEvil = 0;
      addEventListener('message', (e) => {
        if (e.origin === origin) w.fromEvil += 1;
      });
    }, evilOrigin);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'evil';
      frame.style.cssText = 'position:fixed;bottom:60px;left:0;width:120px;height:40px';
      document.body.appendChild(frame);
    }, `${evilOrigin}/evil.html`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { fromEvil: number }).fromEvil))
      .toBe(6);
    await page.waitForTimeout(1000);
    expect(calls).toEqual([]);
    expect(await status().textContent()).toBe(before);
    const evilFrame = page.frames().find((f) => f.url().startsWith(evilOrigin))!;
    expect(await evilFrame.evaluate(() => (window as unknown as { answers: unknown[] }).answers)).toEqual([]);
    await snap(page, 'embed-chat-evil-ignored');
  });
});

/** The API path of an enpath URL (/v1/enpath/<base64>), or the URL itself. */
function apiPath(url: string): string {
  const segment = /\/v1\/enpath\/([^?]+)/.exec(url)?.[1];
  return segment ? (decodeEnpath(decodeURIComponent(segment)) ?? url) : url;
}
