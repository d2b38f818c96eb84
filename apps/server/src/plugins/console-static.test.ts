import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Codes } from '@lottery/contract/codes';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../test/app';
import { CSP_NONCE_PLACEHOLDER } from './console-static';

/**
 * The operator console as a browser gets it from the server (console-static.ts): its HTML for
 * every client-side route with a fresh CSP nonce, its hashed bundles cached for good, and the
 * console's API paths never answered with HTML. The dist is a small stand-in laid out like
 * Vite's output of apps/console.
 */
const dist = mkdtempSync(join(tmpdir(), 'lottery-console-dist-'));
const BUNDLE_PATH = '/console/assets/index-Cq1w2e3r.js';
const INDEX = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" /><script type="module" crossorigin src="${BUNDLE_PATH}" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), INDEX);
const BUNDLE = `console.log(${JSON.stringify('运营后台 '.repeat(400))});`;
writeFileSync(join(dist, 'assets', 'index-Cq1w2e3r.js'), BUNDLE);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const { app } = await testApp({ config: testConfig({ CONSOLE_DIST: dist }) });
const { app: unbuilt } = await testApp({ config: testConfig({ CONSOLE_DIST: join(dist, 'not-built') }) });

/** The nonce the page's meta carries, and the one its policy names. */
function nonces(html: string, policy: string) {
  return {
    page: /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1],
    policy: /style-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1],
  };
}

describe('console pages', () => {
  it('answers the console for /console/ with a nonce of its own in the page and the policy', async () => {
    const first = await app.inject({ method: 'GET', url: '/console/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    const policy = String(first.headers['content-security-policy']);
    const { page, policy: named } = nonces(first.body, policy);
    expect(page).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(named).toBe(page);
    expect(first.body).not.toContain(CSP_NONCE_PLACEHOLDER);

    const second = await app.inject({ method: 'GET', url: '/console/' });
    const again = nonces(second.body, String(second.headers['content-security-policy']));
    expect(again.page).not.toBe(page);
    expect(again.policy).toBe(again.page);
  });

  it('holds the page to a strict policy: own scripts only, no inline styles but the nonce, no framing', async () => {
    const res = await app.inject({ method: 'GET', url: '/console/login' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // the enrolment link's token is in the query: never sent to another site as a referrer
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // a nonce is for one answer: the page is never kept
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the console for its client-side routes, with or without the trailing slash', async () => {
    for (const url of [
      '/console',
      '/console/staff',
      '/console/audit?actor=staff%3A1',
      '/console/enrol?token=abc',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('sends hashed bundles to be cached for a year, and a missing file as a 404 rather than the page', async () => {
    const bundle = await app.inject({ method: 'GET', url: BUNDLE_PATH });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // compressed on the way out (the build writes no .br/.gz siblings: a browser fetches each once)
    const compressed = await app.inject({
      method: 'GET',
      url: BUNDLE_PATH,
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(Buffer.byteLength(BUNDLE) / 4);

    for (const url of [
      '/console/assets/index-old.js',
      '/console/favicon.ico',
      '/console/assets/../index.html',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('never answers a console API path with the page: an unknown call is the envelope NOT_FOUND', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({
        method,
        url: '/console/api/no-such-call',
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({ code: Codes.NOT_FOUND.code, msg: Codes.NOT_FOUND.msg });
    }
  });

  it('leaves the player app and the API to their own policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/no-such-call' });
    expect(String(res.headers['content-security-policy'])).not.toContain('nonce-');
  });

  it('says how to build the console when it is not built', async () => {
    const res = await unbuilt.inject({ method: 'GET', url: '/console/' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('npm run build -w @lottery/console');
  });
});
