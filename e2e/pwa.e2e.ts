import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistentPhone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { waitForPath } from './support/ui';

/**
 * The installable app (issue 15, docs/pwa.md) in Chromium at phone size: the tenant's manifest and
 * PNG icons, a service worker that makes the page installable (Chromium's own installability check),
 * the download page with its add-to-home-screen steps and the device info it sends once, and the
 * app opening with the network cut from the shell the worker kept — while API answers are never
 * served from a cache.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
const profile = mkdtempSync(join(tmpdir(), 'lottery-e2e-profile-'));

beforeAll(async () => {
  stack = await startStack();
  ({ context, page } = await persistentPhone(profile, stack.baseUrl));
}, 240_000);

afterAll(async () => {
  await context?.close();
  await stack?.close();
  rmSync(profile, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the installable app', () => {
  it('serves a manifest with the tenant name and real PNG icons of the listed sizes', async () => {
    const res = await page.request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    const [tenant] = await stack.query<{ name: string }>("SELECT name FROM tenants WHERE code = 'demo'");
    expect(manifest.name).toBe(tenant!.name);
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toMatch(/^\/home/);
    expect(manifest.icons.map((i) => `${i.sizes}/${i.purpose}`)).toEqual([
      '192x192/any',
      '192x192/maskable',
      '512x512/any',
      '512x512/maskable',
    ]);
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      expect(png.headers()['content-type']).toBe('image/png');
      const side = Number(icon.sizes.split('x')[0]);
      expect(pngSize(await png.body())).toEqual({ width: side, height: side });
    }
    expect((await page.request.get('/pwa/icon-64.png')).status()).toBe(404);
  });

  it('registers the service worker and Chromium finds the page installable', async () => {
    await page.goto('/home');
    await page.locator('.adm-tab-bar').waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${stack.baseUrl}/`);
    // controlled from the next load on
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
      .toBe(`${stack.baseUrl}/sw.js`);
    // the app links its manifest once the first screen is shown (app/head-links.ts)
    await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const caches = await page.evaluate(async () => {
      const names = await globalThis.caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const request of await (await globalThis.caches.open(name)).keys()) urls.push(request.url);
      }
      return urls.map((url) => new URL(url).pathname);
    });
    expect(caches).toContain('/');
    expect(caches.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    // never an API answer, a picture or the manifest
    expect(caches.filter((path) => !(path === '/' || path.startsWith('/assets/')))).toEqual([]);
  });

  it('the download page shows the add-to-home-screen steps and sends device info once', async () => {
    // counts Chromium's install offers: it offers again right after a dismissed dialog
    await context.addInitScript(() => {
      const w = window as Window & { installOffers?: number };
      w.installOffers = 0;
      window.addEventListener('beforeinstallprompt', () => {
        w.installOffers = (w.installOffers ?? 0) + 1;
      });
    });
    await page.goto('/appDownload?channel=e2e');
    // Chromium offered the install (beforeinstallprompt): the page's own button asks for it
    const install = page.getByRole('button', { name: '添加到主屏幕' });
    await install.waitFor();
    const [tenant] = await stack.query<{ name: string }>("SELECT name FROM tenants WHERE code = 'demo'");
    await page.getByText(`${tenant!.name} APP`).waitFor();
    await snap(page, 'pwa-download');
    const rows = async () =>
      stack.query<{ ip: string; payload: Record<string, unknown> }>(
        "SELECT ip, payload FROM client_events WHERE kind = 'op' AND payload->>'type' = 'deviceInfo'",
      );
    await expect.poll(async () => (await rows()).length).toBe(1);
    const [row] = await rows();
    expect(row!.ip).toBe('127.0.0.1');
    expect(row!.payload).toMatchObject({
      purpose: 'download',
      installParams: 'channel=e2e',
      screen: '390x844@2',
      os: expect.stringMatching(/^Android|^Linux|^$/),
    });
    expect(String(row!.payload.browser)).toMatch(/Chrome/);
    expect(Number(row!.payload.cpu)).toBeGreaterThan(0);
    // the browser's dialog is shown once; whatever the answer, the offer is used up: the steps remain
    await install.click();
    await page.locator('.app-download-steps li, .app-download-done').first().waitFor();
    // the browser's second offer after the dialog does not bring the button back
    const offers = () => page.evaluate(() => (window as Window & { installOffers?: number }).installOffers);
    await expect.poll(offers).toBe(2);
    await page.locator('.app-download-steps li, .app-download-done').first().waitFor();
    expect(await install.count()).toBe(0);
    await snap(page, 'pwa-download-after-prompt');
    // a second visit sends nothing more
    await page.reload();
    await page.getByText(`${tenant!.name} APP`).waitFor();
    await page.waitForTimeout(500);
    expect(await rows()).toHaveLength(1);
  });

  it('opens from the kept shell with the network cut, never answering an API call from a cache', async () => {
    await page.goto('/home');
    await page.locator('.adm-tab-bar').waitFor();
    await context.setOffline(true);
    try {
      await page.goto('/home');
      await waitForPath(page, '/home');
      await page.locator('.adm-tab-bar').waitFor();
      // the kept shell is the app's plain HTML, not the hall drawn on the server a moment ago
      expect(await page.evaluate(() => document.getElementById('ssr-state'))).toBeNull();
      await snap(page, 'pwa-offline-home');
      // an API call is not answered from any cache
      const api = await page.evaluate(() =>
        fetch('/v1/management/tenant/getTenantConfig').then(
          (r) => `status ${r.status}`,
          () => 'failed',
        ),
      );
      expect(api).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
  });
});
