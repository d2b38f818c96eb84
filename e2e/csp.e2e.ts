import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOTTERIES } from '@lottery/rules/lotteries';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launch, phone } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

/**
 * Every web route under the server's Content-Security-Policy (apps/server/src/plugins/
 * security-headers.ts): each page is opened in Chromium, first as a visitor, then as an agent (the
 * widest set of pages), and any CSP violation in the console fails the test, so the policy and the
 * app stay in step. Then the frame rule: a partner site may frame the embedded chat, not the rest.
 */

// The route table itself, without the shell it renders in (which needs a browser to import).
vi.mock('../apps/web/src/app/shell/shell', () => ({ Shell: () => null }));
vi.mock('../apps/web/src/shared/ui/page-loading', () => ({ PageLoading: () => null }));
const { routeTable } = await import('../apps/web/src/app/router');

/**
 * The partner site: a page of its own on another origin (localhost, while the app is on
 * 127.0.0.1), both on loopback so Chromium's private-network rules do not get in the way.
 */
let partnerPage = '';
const partner = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' }).end(partnerPage);
});
await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
const partnerOrigin = `http://localhost:${(partner.address() as AddressInfo).port}`;

/** A concrete URL for a route pattern: a real lottery per family, small ids elsewhere. */
function sampleUrl(path: string): string {
  const family = /^\/lottery\/([A-Z0-9]+)\/:CODE$/.exec(path)?.[1];
  if (family) return `/lottery/${family}/${LOTTERIES.find((l) => l.family === family)?.code ?? '1'}`;
  if (path === '/chat/:id') return '/chat/1?account=player01&userId=1';
  if (path === '/chatGuest/:id') return '/chatGuest/1?guestCode=guest01';
  return path.replace(/:[A-Za-z]+/g, '1');
}

const urls = [...new Set(routeTable.map((route) => sampleUrl(route.path)))];
/**
 * What a visitor can open: a page that needs a session only sends a visitor on to /login, itself
 * in this list (guards.e2e.ts covers that), so the visitor's pass opens the rest.
 */
const visitorUrls = [
  ...new Set(
    routeTable
      .filter((route) => !route.meta.login && !route.meta.agent)
      .map((route) => sampleUrl(route.path)),
  ),
];

let stack: Stack;
let browser: Browser;
let page: Page;
/** Console lines and securitypolicyviolation events, cleared per route. */
let violations: string[] = [];

beforeAll(async () => {
  stack = await startStack({ CHAT_EMBED_ORIGINS: partnerOrigin });
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  page.on('console', (message) => {
    const text = message.text();
    if (/Content.Security.Policy|Refused to/i.test(text)) violations.push(`console: ${text}`);
  });
  await page.exposeFunction('reportCspViolation', (line: string) => violations.push(`event: ${line}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  partner.close();
});

/** Requests the page has sent and not yet seen answered (or failed). */
let inFlight = 0;

/** Until no request has been in flight for `quietMs` (at most `maxMs`): the page has drawn what it asked for. */
async function settle(quietMs = 250, maxMs = 3000): Promise<void> {
  const end = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    await page.waitForTimeout(50);
    if (inFlight > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
}

/** Open each URL as a new document (the server's own, drawn or not); collect what the policy refused. */
async function openDocuments(list: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const url of list) {
    violations = [];
    const response = await page.goto(url, { waitUntil: 'load' });
    // the policy is on the page's own document, whatever the route renders
    expect(response?.headers()['content-security-policy'], url).toContain("script-src 'self'");
    await settle();
    if (violations.length > 0) failures.push(`${url}\n  ${violations.join('\n  ')}`);
  }
  return failures;
}

/**
 * Open each URL inside the app, as a tap on a link does: the policy is the document's, and what
 * each route draws (styles, images, fonts, calls, sockets, workers) is what it can refuse.
 */
async function openInApp(list: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const url of list) {
    violations = [];
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    await settle();
    if (violations.length > 0) failures.push(`${url}\n  ${violations.join('\n  ')}`);
  }
  return failures;
}

describe('Content-Security-Policy on every route', () => {
  it(`renders the ${visitorUrls.length} routes a visitor can open, each as a document, with no violation`, async () => {
    expect(visitorUrls.length).toBeGreaterThan(20);
    expect(await openDocuments(visitorUrls)).toEqual([]);
  }, 600_000);

  it(`renders all ${urls.length} routes as a logged-in agent with no violation`, async () => {
    expect(urls.length).toBeGreaterThan(100);
    await page.goto('/login');
    await logIn(page, 'agent01', DEMO_PASSWORD);
    await waitForPath(page, '/home');
    // the first screens as the server draws them for a player's document, then every route in-app
    expect(await openDocuments(['/home', '/lotteryHall', sampleUrl('/lottery/K3/:CODE')])).toEqual([]);
    expect(await openInApp(urls)).toEqual([]);
  }, 600_000);
});

describe("the server's own pages under the policy", () => {
  /** Open a page the server writes itself; the computed style of `selector` and any violation. */
  async function styled(url: string, selector: string) {
    violations = [];
    await page.goto(url, { waitUntil: 'load' });
    const style = await page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const computed = getComputedStyle(element);
        return { color: computed.color, background: computed.backgroundColor };
      });
    return { style, violations: [...violations] };
  }

  it('styles the support page (/static/support/online.html) with no violation', async () => {
    const result = await styled('/static/support/online.html', 'header');
    expect(result).toEqual({
      style: { color: 'rgb(255, 255, 255)', background: 'rgb(211, 47, 47)' },
      violations: [],
    });
  }, 60_000);

  it('styles the sandbox cashier with no violation', async () => {
    // an order that does not exist: the cashier's own page, 订单不存在, in its colours
    const result = await styled('/sandbox-pay/D000000000000000000000', 'h1');
    expect(result).toEqual({
      style: { color: 'rgb(200, 22, 29)', background: 'rgba(0, 0, 0, 0)' },
      violations: [],
    });
    expect(await page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
      'rgb(244, 244, 244)',
    );
  }, 60_000);
});

describe('framing by a partner site', () => {
  /** The partner's page, on its own origin, framing one of our pages; what Chromium made of it. */
  async function frameFromPartner(path: string): Promise<{ framed: boolean; refusals: string[] }> {
    partnerPage = `<!doctype html><iframe src="${stack.baseUrl}${path}" width="390" height="600"></iframe>`;
    const context = await browser.newContext();
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/i.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${partnerOrigin}/embed.html`);
    let framed = false;
    for (let attempt = 0; attempt < 50 && !framed && refusals.length === 0; attempt++) {
      const frame = page.frames().find((f) => f.url().startsWith(stack.baseUrl));
      framed = Boolean(
        frame &&
          (await frame
            .locator('#root > *')
            .count()
            .catch(() => 0)) > 0,
      );
      if (!framed) await page.waitForTimeout(100);
    }
    await context.close();
    return { framed, refusals };
  }

  it('lets the configured partner frame the guest chat room', async () => {
    const result = await frameFromPartner('/chatGuest/1?guestCode=guest01');
    expect(result).toEqual({ framed: true, refusals: [] });
  }, 60_000);

  it('refuses the partner any other page', async () => {
    const result = await frameFromPartner('/home');
    expect(result.framed).toBe(false);
    expect(result.refusals.join('\n')).toMatch(/frame-ancestors/);
  }, 60_000);
});
