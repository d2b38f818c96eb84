import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const OUTPUT_DIR = fileURLToPath(new URL('../output/', import.meta.url));

export async function launch(): Promise<Browser> {
  return chromium.launch({
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
  });
}

/** A phone: 390x844 at 2x, touch, Chinese locale, Beijing time. */
export async function phone(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
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
