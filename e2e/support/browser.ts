import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const OUTPUT_DIR = fileURLToPath(new URL('../output/', import.meta.url));

const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export async function launch(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/** The phone's browser settings: 390x844 at 2x, touch, Chinese locale, Beijing time. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
};

/** Marks the app-download sheet as closed once (counter 2) in a fresh profile. */
const DOWNLOAD_SHEET_CLOSED = `try {
  if (location.protocol.startsWith('http') && localStorage.getItem('downloadCounter') === null)
    localStorage.setItem('downloadCounter', '2');
} catch {}`;

/**
 * A phone with a profile on disk (not incognito), as a player's own browser is: Chromium offers
 * to install an app only there. Its service worker runs (e2e/pwa.e2e.ts).
 */
export async function persistentPhone(
  userDataDir: string,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...CHROMIUM,
    ...PHONE,
    baseURL,
    serviceWorkers: 'allow',
  });
  await context.addInitScript(DOWNLOAD_SHEET_CLOSED);
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
}

/**
 * A phone: 390x844 at 2x, touch, Chinese locale, Beijing time. The app's service worker
 * (public/sw.js) is blocked unless asked for: e2e/pwa.e2e.ts tests it, and elsewhere a worker kept
 * from an earlier page would sit between a test's routes and the network.
 */
export async function phone(
  browser: Browser,
  baseURL: string,
  options: { serviceWorkers?: 'allow' | 'block'; downloadSheet?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'block',
    baseURL,
    ...PHONE,
  });
  // The demo tenant offers the app-download sheet on a first visit (issue 37 §6); a phone is a
  // returning player who closed it, unless the spec tests the sheet ({ downloadSheet: true }).
  if (!options.downloadSheet) await context.addInitScript(DOWNLOAD_SHEET_CLOSED);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
}

/** Save a screenshot as e2e/output/<name>.png (look at them: DESIGN.md §9). */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Let a passing toast (登录成功, 修改成功) leave first: the screenshot is of the page.
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined);
  await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });
}
