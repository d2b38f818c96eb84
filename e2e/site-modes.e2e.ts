import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { waitForPath } from './support/ui';

/** tenantName of the demo site (db/seed.ts). */
const DEMO_SITE_NAME = '吉彩娱乐';

let browser: Browser;
let stack: Stack;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launch()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Codes -7 / -12 / -19 from the real server send every page to its system page (platform.md §8). */
describe.each([
  ['maintain', '/maintain', 'maintainData', 'site-maintain', '系统维护'],
  ['closed', '/websiteClosed', 'WebsiteClosed', 'site-closed', '网站关闭'],
  ['restricted', '/noservice', 'noserviceInfo', 'site-noservice', '访问受限'],
])('site mode %s', (mode, page, storageKey, shot, title) => {
  it(`sends a visitor from /home to ${page} with the operator's message`, async () => {
    const message = `运营公告：${mode}`;
    // the operator's command, as on a running site: every process drops its cached site config
    await stack.admin('site-mode', [mode, '--message', message]);
    const { context, page: tab } = await phone(browser, stack.baseUrl);
    try {
      await tab.goto('/home');
      await waitForPath(tab, page);
      await tab.getByText(message).waitFor();
      const stored = await tab.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), storageKey);
      expect(stored).toMatchObject({ message });
      // the page title is the site name plus the route title, though the site config is refused
      await expect.poll(() => tab.title()).toBe(`${DEMO_SITE_NAME}-${title}`);
      await snap(tab, shot);
    } finally {
      await context.close();
      await stack.admin('site-mode', ['open']);
    }
  });
});
