import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../test/app';

/**
 * The built web app as a browser sees it: the first URL, precompressed assets, cache headers and
 * compressed API answers. The dist is a small stand-in written here, laid out like Vite's output
 * with the .br/.gz siblings the build's precompression step writes.
 */
const dist = mkdtempSync(join(tmpdir(), 'lottery-dist-'));
const BUNDLE = `console.log(${JSON.stringify('彩票大厅 '.repeat(400))});`;
const BUNDLE_PATH = '/assets/index-Bq3x9Z1a.js';
// a chunk that is smaller than the entry as a file but larger on the wire (it compresses worse)
const LIBS_PATH = '/assets/libs-L.js';
const INDEX = `<!doctype html><html><head><title>吉彩娱乐</title><script type="module" crossorigin src="${BUNDLE_PATH}"></script><link rel="modulepreload" crossorigin href="${LIBS_PATH}"></head><body><div id="root"></div></body></html>`;
const PLAY = `<!doctype html><html><head><script type="module" crossorigin src="${BUNDLE_PATH}"></script><link rel="modulepreload" crossorigin href="/assets/lottery-play-X.js"></head><body><div id="root"></div></body></html>`;

function writeWithSiblings(relative: string, text: string): void {
  const file = join(dist, relative);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

// What the build writes about its chunks, for the ones a play page preloads: 快三's plays are in a
// shared chunk (known to Vite's manifest by its hash alone) that imports a chunk play.html already
// loads and one it does not, which imports another. import() loads the plays through a facade
// chunk of their own, which the manifest lists by the module's path.
const MANIFEST = {
  '../../packages/rules/src/plays/k3.ts': { file: 'assets/k3-F.js', imports: ['_k3-A.js'] },
  'src/app/lottery-play.tsx': { file: 'assets/lottery-play-X.js', imports: ['_math-B.js'] },
  '_k3-A.js': { file: 'assets/k3-A.js', imports: ['src/app/lottery-play.tsx', '_odds-C.js'] },
  '_odds-C.js': { file: 'assets/odds-C.js', imports: ['_math-B.js'] },
  '_math-B.js': { file: 'assets/math-B.js' },
};
const LAZY_MODULES = { '../../packages/rules/src/plays/k3.ts': 'assets/k3-A.js' };

mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, '.vite'));
writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
writeFileSync(join(dist, '.vite', 'lazy-modules.json'), JSON.stringify(LAZY_MODULES));
// The hash of the HTML's inline <style> (the first screens' CSS), as the build lists it; a value
// that is not a hash is never copied into the policy.
const STYLE_HASH = 'sha256-YgiS1iZrThrEapYZzAm/ahMzYAE/Wgk4C5X026/+w6o=';
writeFileSync(
  join(dist, '.vite', 'inline-styles.json'),
  JSON.stringify({ styleHashes: [STYLE_HASH, "'unsafe-inline'"] }),
);
writeWithSiblings('index.html', INDEX);
writeWithSiblings('play.html', PLAY);
writeWithSiblings(BUNDLE_PATH, BUNDLE);
writeWithSiblings(LIBS_PATH, `export const x = "${randomBytes(1500).toString('hex')}";`);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('web app', async () => {
  const { app } = await testApp({ config: testConfig({ WEB_DIST: dist }) });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it.each(['/', '/index', '/404', '/mobile', '/no/such/page', '/assets', '/assets/'])(
    'answers %s with the app (its router lands on /home), never the JSON envelope',
    async (url) => {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it.each(['/lottery/K3/1401', '/lottery/SSC/CQSSC/', '/lottery/K3/1401?from=%2Fhome'])(
    'answers the play page %s with the build play.html (the same app preloading the play page)',
    async (url) => {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PLAY);
    },
  );

  it("allows the HTML's inline style by its hash, and no other inline style", async () => {
    const policy = String((await get('/home', { accept: 'text/html' })).headers['content-security-policy']);
    const styleSrc = policy.split(';').find((directive) => directive.trim().startsWith('style-src'));
    expect(styleSrc?.trim()).toBe(`style-src 'self' '${STYLE_HASH}'`);
  });

  it.each(['/lottery', '/lottery/K3', '/lotteryHall', '/lottery/K3/1401/more'])(
    'answers %s, not a play page, with index.html',
    async (url) => {
      expect((await get(url, { accept: 'text/html' })).body).toBe(INDEX);
    },
  );

  /** A call's URL as the web writes it, computed here independently of contract/enpath.ts. */
  const call = (path: string, query = '') => `/v1/enpath/${Buffer.from(path).toString('base64')}${query}`;
  const links = (header: unknown) => (typeof header === 'string' ? header.split(', ') : []);
  const modules = (files: string[]) => files.map((file) => `<${file}>; rel=modulepreload; crossorigin`);
  // every page's own scripts come first, the largest on the wire first (what play.html lacks, 0 B, last)
  const indexScripts = modules([LIBS_PATH, BUNDLE_PATH]);
  const playScripts = modules([BUNDLE_PATH, '/assets/lottery-play-X.js']);

  it("names the page's own scripts in modulepreload Links, the largest on the wire first, on every page", async () => {
    for (const url of ['/notice', '/lotteryHall'])
      expect(links((await get(url, { accept: 'text/html' })).headers.link), url).toEqual(indexScripts);
    for (const url of ['/lottery/K3/1401', '/lottery/XX/1401'])
      expect(links((await get(url, { accept: 'text/html' })).headers.link), url).toEqual(playScripts);
  });

  it("names the hall's first banner and its three reads in preload Links on /home, and on no other page", async () => {
    const [first] = await app.ctx.database.query<{ image_url: string }>(
      `SELECT image_url FROM banners WHERE enabled ORDER BY sort_order, id LIMIT 1`,
    );
    expect(first?.image_url).toMatch(/^\//);
    const home = await get('/home', { accept: 'text/html' });
    // the README's URL is the same first screen
    expect((await get('/?source=pwa', { accept: 'text/html' })).headers.link).toBe(home.headers.link);
    const reads = [
      call('management/content/imageBannerHomeMobileFront'),
      call('management/content/getAllLotteryDataFront'),
      call('users/announcement'),
    ];
    expect(links(home.headers.link)).toEqual([
      ...indexScripts,
      `<${first!.image_url}>; rel=preload; as=image; fetchpriority=high`,
      ...reads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`),
    ]);
    // each is a real call a visitor may make, answered from the hot-read cache
    for (const url of reads) expect(JSON.parse((await get(url)).body).code).toBe(1);
    expect(links((await get('/notice', { accept: 'text/html' })).headers.link)).toEqual(indexScripts);
    expect((await get('/v1/nothing-here')).headers.link).toBeUndefined();
  });

  it("names a play page's reads and its family's plays to a browser with a session, not to a visitor sent on to log in", async () => {
    const visitor = await get('/lottery/K3/1401', { accept: 'text/html' });
    expect(links(visitor.headers.link)).toEqual(playScripts);
    const signedIn = await get('/lottery/K3/1401', { accept: 'text/html', cookie: 'sid=some-session' });
    expect(links(signedIn.headers.link)).toEqual([
      ...playScripts,
      ...[
        call('management/content/getAllLotteryDataFront'),
        call('betting/lotteryOpenData', '?lotteryCode=1401'),
        call('lottery/openResult', '?lotteryCode=1401&dataNum=10'),
      ].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`),
      // the file import() loads, the plays' chunk and what it imports, less what play.html loads
      ...modules(['/assets/k3-F.js', '/assets/k3-A.js', '/assets/odds-C.js', '/assets/math-B.js']),
    ]);
    // a family whose plays the build does not list: its reads only
    const ssc = await get('/lottery/SSC/1', { accept: 'text/html', cookie: 'sid=some-session' });
    expect(links(ssc.headers.link).filter((link) => link.includes('modulepreload'))).toEqual(playScripts);
    // a family that does not exist is not a play page: play.html's scripts (the app sends it home), no reads
    const unknown = await get('/lottery/XX/1401', { accept: 'text/html', cookie: 'sid=some-session' });
    expect(links(unknown.headers.link)).toEqual(playScripts);
  });

  it('answers a bundle the build does not have with 404, not the app under a .js name', async () => {
    const res = await get('/assets/index-Gone1234.js', { accept: '*/*' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('serves client-side routes without piling listeners onto each response (no leak warning)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 20; i++) await get(i % 2 ? '/home' : '/', { 'accept-encoding': 'br, gzip' });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('answers an unknown /v1 path with NOT_FOUND in the envelope', async () => {
    const res = await get('/v1/no/such/call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
  });

  it('sends the brotli file to a browser that accepts br, marked immutable and varying on the encoding', async () => {
    const res = await get(BUNDLE_PATH, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await get(BUNDLE_PATH, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);
    const plain = await get(BUNDLE_PATH, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('compresses the HTML of a client-side route too, still no-cache', async () => {
    const res = await get('/home', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('compresses API answers above 1 KB and leaves small ones alone', async () => {
    const big = await get('/v1/management/content/getAllLotteryDataFront', { 'accept-encoding': 'br, gzip' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).code).toBe(1);
    const small = await get('/v1/betting/getServerTimeMillisecond', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(1);
  });
});
