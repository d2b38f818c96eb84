import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { waitForPath } from './support/ui';

/**
 * A new user's first minute, as the README tells it: `npm start`, then open the printed
 * http://localhost:<port>. The real start script runs (it builds the web app when needed), on a
 * temp data directory and a free port so it cannot disturb a running demo.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const START_TIMEOUT_MS = 170_000;

let server: ChildProcess | undefined;
let dataDir: string;
let origin: string;
let browser: Browser;
let page: Page;
let output = '';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls until the server answers anything at `url`, or the start script exits. */
async function waitUntilAnswering(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no answer from ${url} within ${START_TIMEOUT_MS} ms:\n${output}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lottery-first-run-'));
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await waitUntilAnswering(`${origin}/v1/betting/getServerTimeMillisecond`);
  browser = await launch();
  ({ page } = await phone(browser, origin));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('first run', () => {
  it('opens the README URL and lands in the lottery hall', async () => {
    const catalogue = (await (
      await fetch(`${origin}/v1/management/content/getAllLotteryDataFront`)
    ).json()) as { data: { lotteryList: { lotteries: { lotteryName: string }[] }[] } };
    const firstLottery = catalogue.data.lotteryList[0]?.lotteries[0]?.lotteryName;
    expect(firstLottery).toBeTruthy();

    await page.goto('/');
    await waitForPath(page, '/home');
    await page.getByText(firstLottery!, { exact: true }).first().waitFor();
    expect(await page.locator('body').textContent()).not.toContain('参数错误');
    // every family with lotteries has its section (those past the first screen drawn a few per task)
    const families = catalogue.data.lotteryList.filter((group) => group.lotteries.length > 0).length;
    expect(families).toBeGreaterThan(2);
    await expect.poll(() => page.locator('.home-page section.card').count()).toBe(families);
    await snap(page, 'first-run-home');
  });

  it('moves the banners on by themselves, marks the one shown and opens the one tapped', async () => {
    await page.goto('/home');
    const track = page.locator('.banner-track');
    await track.locator('img').first().waitFor();
    const shownDot = () =>
      page
        .locator('.banner-dot')
        .evaluateAll((dots) => dots.findIndex((d) => d.classList.contains('active')));
    expect(await page.locator('.banner-dot').count()).toBe(4);
    expect(await shownDot()).toBe(0);
    // autoplay: the second banner scrolls into view within a few seconds, and its dot lights up
    await expect.poll(shownDot, { timeout: 8000 }).toBe(1);
    // and it comes to rest snapped on it
    await expect.poll(() => track.evaluate((row) => row.scrollLeft / row.clientWidth)).toBe(1);
    await snap(page, 'first-run-banner-second');
    // the one in view is the one a tap opens: 每日加奖 天天送 links to /activity
    await track.getByRole('button', { name: '每日加奖 天天送' }).click();
    await waitForPath(page, '/activity');
  });

  it.each(['/index', '/404', '/mobile', '/no/such/page'])('sends %s to /home', async (path) => {
    await page.goto(path);
    await waitForPath(page, '/home');
  });

  it('answers / with the app HTML (no-cache), never the JSON envelope', async () => {
    const res = await fetch(`${origin}/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('sends the built bundle brotli-compressed, immutable, varying on Accept-Encoding', async () => {
    const html = await (await fetch(`${origin}/`)).text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\//);
    // fetch() would decode the body; the raw headers are what the browser is told.
    const res = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary') ?? '').toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
