import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD, logIn, waitForPath, waitForTitle } from './support/ui';

/**
 * Pages that cannot load (issue 20, spec/platform.md §8): offline, a page not visited before says
 * 当前网络不可用，请检查网络后重试 inside the shell with 重试, never React Router's developer page; after
 * a new deployment removed the old chunks, the app reloads once and the page opens.
 */
let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launch();
  ({ context, page } = await phone(browser, stack.baseUrl));
  await page.goto('/login');
  await logIn(page, 'player01', DEMO_PASSWORD);
  await waitForPath(page, '/home');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** A tap on an in-app link: React Router moves without loading the document. */
async function goInApp(path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const DEVELOPER_PAGE = /Unexpected Application Error|Hey developer/;
/** Pages opened once online (their code loaded), then offline: path and title. */
const PAGES = [
  ['/transctionRecord', '交易记录'],
  ['/recharge', '充值'],
  ['/securityCenter', '安全中心'],
] as const;

describe('a page that cannot load', () => {
  it('offline, a page not visited before says 当前网络不可用 with 重试, and opens once back online', async () => {
    await context.setOffline(true);
    await goInApp('/transctionRecord');
    const failure = page.getByTestId('route-error');
    await failure
      .getByText('当前网络不可用，请检查网络后重试')
      .waitFor()
      .catch(async (error: unknown) => {
        await snap(page, 'offline-route-missing');
        await context.setOffline(false);
        throw error;
      });
    expect(await page.locator('body').textContent()).not.toMatch(DEVELOPER_PAGE);
    await waitForTitle(page, '吉彩娱乐-交易记录');
    await snap(page, 'offline-route');

    await context.setOffline(false);
    await failure.getByRole('button', { name: '重试' }).click();
    await waitForPath(page, '/transctionRecord');
    await failure.waitFor({ state: 'detached' });
    await page.locator('.record-types').waitFor();
    expect(await page.locator('body').textContent()).not.toMatch(DEVELOPER_PAGE);
  });

  it('offline, an opened page says the offline text, never 加载中... forever, and no figure that is not data', async () => {
    await page.goto('/home');
    await page.locator('.lottery-card').first().waitFor();
    // open the three pages once with their calls failing: their code is loaded, no data is cached
    const calls = (url: URL) => url.pathname.startsWith('/v1/');
    await page.route(calls, (route) => route.abort());
    for (const [path, title] of PAGES) {
      await goInApp(path);
      // the page itself, not the one before it still on screen while its chunk loads
      await waitForTitle(page, `吉彩娱乐-${title}`);
      // the failed calls are retried with backoff before the page gives up: up to ~7 s, more on a busy machine
      await page.getByTestId('error-state').first().waitFor({ timeout: 30_000 });
    }
    // offline before the calls may pass again: a retry of a failed call that slipped through in
    // between would cache real data, and the page would rightly show it instead of the offline text
    await context.setOffline(true);
    await page.unroute(calls);
    await goInApp('/home');
    try {
      for (const [path] of PAGES) {
        await goInApp(path);
        // polled up to 30 s: the query learns it is offline from the browser's offline event
        await page
          .getByTestId('error-state')
          .getByText('当前网络不可用，请检查网络后重试')
          .first()
          .waitFor({ timeout: 30_000 })
          .catch(async (error: unknown) => {
            await snap(page, `offline-missing${path.replace('/', '-')}`);
            throw error;
          });
        expect(await page.getByText('加载中...').count(), path).toBe(0);
        if (path === '/transctionRecord') {
          expect(await page.getByTestId('income').textContent()).toBe('--');
          expect(await page.getByTestId('expense').textContent()).toBe('--');
          await snap(page, 'offline-transaction-record');
        }
        if (path === '/recharge') {
          await snap(page, 'offline-recharge');
        }
      }
      await snap(page, 'offline-security-center');
    } finally {
      await context.setOffline(false);
    }
  });

  it('a chunk removed by a new deployment reloads the app once and the page opens', async () => {
    await page.goto('/home');
    await page.locator('.lottery-card').first().waitFor();
    // The security centre's chunk is gone until the document is loaded again, as after a
    // deployment replaced it (the new index names the new chunk).
    let gone = 0;
    let reloaded = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest()) reloaded = true;
    });
    await page.route(
      (url) => url.pathname.startsWith('/assets/security-center-page'),
      (route) => {
        if (reloaded) return route.continue();
        gone++;
        return route.fulfill({ status: 404, body: 'gone' });
      },
    );
    await goInApp('/securityCenter');
    await waitForTitle(page, '吉彩娱乐-安全中心');
    await page.locator('.adm-list-item').first().waitFor();
    expect(gone).toBeGreaterThan(0);
    expect(reloaded).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('routeChunkReloadAt'))).not.toBeNull();
    expect(await page.locator('body').textContent()).not.toMatch(DEVELOPER_PAGE);
    await snap(page, 'offline-stale-chunk-reloaded');
  });

  it('a server-drawn page whose chunk is gone is drawn afresh: it reloads once and opens', async () => {
    await page.evaluate(() => sessionStorage.removeItem('routeChunkReloadAt'));
    let gone = 0;
    let documents = 0;
    const onRequest = (request: { isNavigationRequest(): boolean }) => {
      if (request.isNavigationRequest()) documents++;
    };
    page.on('request', onRequest);
    const homeChunk = (url: URL) => url.pathname.startsWith('/assets/home-page');
    // gone for the first document (the one the server drew), back after the app reloads itself
    await page.route(homeChunk, (route) => {
      if (documents > 1) return route.continue();
      gone++;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    try {
      await page.goto('/home');
      await page.locator('.lottery-card').first().waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.started === 'true');
      expect(gone).toBeGreaterThan(0);
      expect(documents).toBe(2);
      expect(await page.locator('body').textContent()).not.toMatch(DEVELOPER_PAGE);
    } finally {
      page.off('request', onRequest);
      await page.unroute(homeChunk);
    }
  });
});
