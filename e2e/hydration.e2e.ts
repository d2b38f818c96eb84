import { FAMILIES } from '@lottery/rules/family';
import { LOTTERIES } from '@lottery/rules/lotteries';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

/**
 * The first screens are drawn on the server and hydrated in the browser (issue 39, docs/web.md
 * "Server rendering"). Every server-rendered route is opened as a new document, as a visitor and as
 * a player: its HTML must carry the drawn page and its query cache, and the browser must hydrate it
 * without one hydration error or console error, and without asking again for the reads the page
 * brought. Two lotteries per family (one where the family has a single lottery); a visitor's play
 * page, which the guard sends on to /login unhydrated, for two families.
 */

const playPages = FAMILIES.flatMap((family) =>
  LOTTERIES.filter((lottery) => lottery.family === family)
    .slice(0, 2)
    .map((lottery) => `/lottery/${family}/${lottery.code}`),
);
const HALL = ['/home', '/lotteryHall', '/lotteryHall?key=SSC'];
/** The reads a server-drawn hall brings in its HTML (enpath names of contract/first-screen.ts). */
const CATALOGUE = 'management/content/getAllLotteryDataFront';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[] = [];
let reads: string[] = [];
/** Requests sent and not yet answered (or failed). */
let inFlight = 0;

beforeAll(async () => {
  stack = await startStack();
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  page.on('console', (message) => {
    // the test's own browser blocks service workers (the offline shell is pwa.e2e.ts's)
    const ours = !/Service Worker registration blocked by Playwright/.test(message.text());
    if (ours && (message.type() === 'error' || message.type() === 'warning')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  page.on('request', (request) => {
    inFlight++;
    const enpath = /\/v1\/enpath\/([^?]+)/.exec(request.url())?.[1];
    if (enpath) reads.push(Buffer.from(decodeURIComponent(enpath), 'base64').toString());
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/**
 * Opens `url` as a new document; waits until the app has hydrated and settled. Answers the reads
 * asked for until the first screen was shown (later ones, the version check's refreshes, are the
 * app's own business).
 */
async function open(url: string): Promise<string[]> {
  problems = [];
  reads = [];
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.started === 'true');
  const first = [...reads];
  // settled: no request in flight for 250 ms (at most 5 s; the countdown's socket is not a request)
  const end = Date.now() + 5000;
  let quietSince = Date.now();
  while (Date.now() < end && Date.now() - quietSince < 250) {
    await page.waitForTimeout(50);
    if (inFlight > 0) quietSince = Date.now();
  }
  return first;
}

describe('server-rendered first screens', () => {
  it('sends each one drawn, with the query cache it was drawn from', async () => {
    for (const url of [...HALL, ...playPages]) {
      const response = await fetch(`${stack.baseUrl}${url}`);
      const html = await response.text();
      expect(html, url).toContain(`<script type="application/json" id="ssr-state" data-url="${url}">`);
      // (React puts the hall's first banner's preload <link> first)
      expect(html, url).toMatch(/<div id="root">(<link [^>]+>)*<div class="app-shell">/);
      expect(html, url).not.toContain('加载中...</div>');
    }
    // a query string the server does not draw with is left to the browser
    const plain = await (await fetch(`${stack.baseUrl}/home?from=share`)).text();
    expect(plain).toContain('加载中...');
  });

  it('hydrates every one for a visitor without a mismatch, and asks for no read twice', async () => {
    const failures: string[] = [];
    for (const url of HALL) {
      const first = await open(url);
      if (problems.length > 0) failures.push(`${url}: ${problems.join(' | ')}`);
      if (first.includes(CATALOGUE)) failures.push(`${url}: asked for the catalogue it brought`);
      if (url === '/home') await snap(page, 'hydration-home-visitor');
    }
    // a visitor's play page is never hydrated (the guard sends the visitor on): two families show it
    for (const url of playPages.filter((path) => /\/(K3|LHC)\//.test(path)).slice(0, 2)) {
      await open(url);
      // a visitor's play page goes on to the login page (spec §2 guards), drawn afresh
      await waitForPath(page, '/login');
      if (problems.length > 0) failures.push(`${url}: ${problems.join(' | ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('hydrates every one for a player, then shows the player what is theirs', async () => {
    await page.goto('/login');
    await logIn(page, 'player01', DEMO_PASSWORD);
    await waitForPath(page, '/home');
    // the hall the login page went on to asks for its reads itself (drawn in the browser): let it finish
    await page.waitForLoadState('networkidle');
    const failures: string[] = [];
    for (const url of [...HALL, ...playPages]) {
      const first = await open(url);
      if (problems.length > 0) failures.push(`${url}: ${problems.join(' | ')}`);
      if (first.includes(CATALOGUE)) failures.push(`${url}: asked for the catalogue it brought`);
    }
    expect(failures).toEqual([]);
    // after hydration the player's own reads come: the play page's balance and rebate, and the
    // countdown of a scheduled lottery (a fast one draws every bet at once: 连续开奖, no countdown)
    const scheduled = LOTTERIES.find((l) => l.family === 'K3' && !l.isFastBet)!;
    await open(`/lottery/K3/${scheduled.code}`);
    // the bar reads the clock once hydrated: HH:MM:SS or the schedule's state, never --:--:--
    await expect
      .poll(() => page.locator('[data-testid="countdown"]').textContent())
      .toMatch(/\d{2}:\d{2}:\d{2}|等待开局|预售中/);
    await snap(page, 'hydration-play-player');
  });
});
