import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../../test/app';
import { announceLocal } from './change-feed';

/**
 * The server's pages (server-pages.ts) around a stand-in renderer laid out like the web build's
 * .ssr/entry-server.js: it counts its renders and reads the catalogue through the transport the
 * server hands it, so the test sees what is drawn, when it is drawn again, and that the reads go
 * in-process. Drawing itself (React, hydration) is e2e/hydration.e2e.ts's.
 */
const dist = mkdtempSync(join(tmpdir(), 'lottery-ssr-dist-'));
const INDEX =
  '<!doctype html><html><head><title>加载中...</title></head><body><div id="root"><div class="boot-loading">加载中...</div></div></body></html>';
const RENDERER = `
let send;
export let renders = 0;
export function configure(transport) { send = transport; }
export function isServerRendered(pathname, search) {
  return search === '' && (pathname === '/home' || pathname.startsWith('/lottery/K3/') || pathname === '/broken');
}
export async function render(url) {
  if (url === '/broken') { const e = new Error('a read failed'); e.name = 'NotDrawable'; throw e; }
  renders += 1;
  const catalogue = await (await send('/v1/management/content/getAllLotteryDataFront', { method: 'GET' })).json();
  return { html: '<main>' + url + ' #' + renders + '</main>', state: JSON.stringify({ code: catalogue.code }), title: '吉彩' };
}
export function pageHtml(template, page) {
  return template
    .replace(/<div id="root">.*?<\\/div><\\/div>/, '<div id="root">' + page.html + '</div><script type="application/json" id="ssr-state">' + page.state + '</script>')
    .replace(/<title>[^<]*<\\/title>/, '<title>' + page.title + '</title>');
}
`;
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'play.html'), INDEX);
mkdirSync(join(dist, '.ssr'));
writeFileSync(join(dist, '.ssr', 'entry-server.js'), RENDERER);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('server-rendered pages', async () => {
  const { app, database } = await testApp({ config: testConfig({ WEB_DIST: dist }) });
  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res.body;
  };

  it('sends the page drawn with its reads answered in-process, and draws it once', async () => {
    const home = await page('/home');
    expect(home).toContain('<div id="root"><main>/home #1</main></div>');
    expect(home).toContain('<script type="application/json" id="ssr-state">{"code":1}</script>');
    expect(home).toContain('<title>吉彩</title>');
    expect(await page('/home')).toBe(home);
    // compressed once, as the build's own HTML is
    const br = await app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(home);
  });

  it("draws a lottery's page again after its draw, and the hall after any draw; other pages stay", async () => {
    const k3 = await page('/lottery/K3/1401');
    const other = await page('/lottery/K3/1402');
    const home = await page('/home');
    announceLocal(database.db, { kind: 'draw', lotteryCode: '1401', issue: '20261129001' });
    expect(await page('/lottery/K3/1401')).not.toBe(k3);
    expect(await page('/lottery/K3/1402')).toBe(other);
    expect(await page('/home')).not.toBe(home);
  });

  it('draws every page again after an admin change', async () => {
    const other = await page('/lottery/K3/1402');
    announceLocal(database.db, { kind: 'tenant' });
    expect(await page('/lottery/K3/1402')).not.toBe(other);
  });

  it('leaves to the browser what it does not draw: other paths, other query strings, a failed read', async () => {
    for (const url of ['/notice', '/home?from=share', '/broken']) expect(await page(url), url).toBe(INDEX);
  });

  it('never serves the renderer itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/.ssr/entry-server.js' });
    expect(res.body).not.toContain('isServerRendered');
  });
});
