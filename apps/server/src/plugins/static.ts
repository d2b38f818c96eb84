import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Codes } from '@lottery/contract/codes';
import { PLAY_PAGE_PATH } from '@lottery/contract/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ASSETS_DIR } from '../paths';
import { type Encoding, preferredEncoding } from './compression';

/** Vite's content-hashed bundles: a new build gets new names, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /static/* serves our own images; everything else not under /v1 serves the built web app, with
 * index.html for `/` and every client-side route (its router sends /, /index, /404, /mobile and
 * unknown paths on to /home). Unknown /v1 paths answer NOT_FOUND in the envelope.
 *
 * The build writes a .br and a .gz beside every text asset; `preCompressed` sends the one the
 * browser accepts, with Content-Encoding and Vary: Accept-Encoding, and the plain file otherwise.
 */
export interface StaticOptions {
  /** `Link` header values for the HTML of a client-side route (preloads of its first screen). */
  preloads?: (path: string, request: FastifyRequest, build: BuildChunks) => Promise<string[]>;
  /**
   * The route's page drawn on the server into `template` (the build's HTML for it), or undefined:
   * the browser draws it from the plain HTML (modules/site/server-pages.ts).
   */
  render?: (request: FastifyRequest, path: string, template: string) => Promise<PageDocument | undefined>;
}

/** An HTML page as sent: plain, and compressed ahead where it was. */
export type PageDocument = { plain: Buffer } & Partial<Record<Encoding, Buffer>>;

/** The web build's chunks, as seen from the page being sent. */
export interface BuildChunks {
  /** The scripts the page's HTML loads (its entry and modulepreloads), the largest first. */
  pageScripts: readonly string[];
  /**
   * The files a module loaded with import() runs beyond the page's HTML: its chunk and their static
   * imports, as `/assets/...` URLs. `source` is the module's path, or its end (packages/rules/...).
   */
  filesOf(source: string): string[];
}

export async function registerStatic(
  app: FastifyInstance,
  webDist: string,
  options: StaticOptions = {},
): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/static/',
    decorateReply: !hasWeb,
    maxAge: '1d',
  });
  if (hasWeb) {
    const hashedAssets = join(webDist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      decorateReply: true,
      wildcard: true,
      // `/` is the app's index.html (README: "Open http://localhost:8080"); without an index the
      // directory answer was a 403 that became the envelope's -2.
      index: 'index.html',
      redirect: false,
      // the build's dot directories are the server's (.vite's manifests, .ssr's renderer), never sent
      dotfiles: 'ignore',
      preCompressed: true,
      // index.html never cached (the version check needs fresh HTML); hashed bundles for a year.
      setHeaders: (res, path) => {
        res.header('cache-control', path.startsWith(hashedAssets) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const index = hasWeb ? loadIndex(webDist, 'index.html') : null;
  // The play page's own HTML: the same app, preloading the play page's chunks instead of the hall's.
  const playIndex = hasWeb && existsSync(join(webDist, PLAY_HTML)) ? loadIndex(webDist, PLAY_HTML) : null;
  const built = hasWeb ? loadBuild(webDist) : { chunks: {}, lazyModules: {} };
  /** The app's HTML for a client-side route, with the Links preloading its first screen. */
  const sendApp = async (request: FastifyRequest, reply: FastifyReply, path: string, page: Index) => {
    const build: BuildChunks = {
      pageScripts: page.scripts,
      filesOf: (source) => chunkFiles(built, page, source),
    };
    const [links, drawn] = await Promise.all([
      options.preloads ? options.preloads(path, request, build).catch(() => []) : [],
      options.render?.(request, path, page.text),
    ]);
    if (links.length > 0) reply.header('link', links.join(', '));
    return sendIndex(request, reply, drawn ?? page);
  };
  // `/` (the README's URL) is the hall's first screen like /home, Links included: a route of its
  // own, ahead of the static files' directory lookup
  if (index) app.get('/', (request, reply) => sendApp(request, reply, '/', index));
  // The first screens' URLs are routes of their own too: through the static files' wildcard, each
  // request looked for a file of that name on disk (and its .br and .gz) before falling through to
  // the app, several times the cost of the page itself (bench/web/ssr.ts).
  if (index) {
    for (const path of FIRST_SCREEN_ROUTES) {
      app.get(path, (request, reply) => {
        const pathname = request.url.split('?')[0] ?? path;
        return sendApp(request, reply, pathname, (PLAY_PAGE_PATH.test(pathname) && playIndex) || index);
      });
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/v1' || path.startsWith('/v1/');
    if (!isApi && index && (request.method === 'GET' || request.method === 'HEAD')) {
      // A bundle the build no longer has (an old page after a deploy) is missing, not the app: HTML
      // under a .js name would fail as a module with a misleading error instead of a clean 404.
      if (MISSING_ASSET.test(path)) return reply.status(404).type('text/plain').send('Not Found');
      return sendApp(request, reply, path, (PLAY_PAGE_PATH.test(path) && playIndex) || index);
    }
    return reply.status(404).send({ code: Codes.NOT_FOUND.code, msg: Codes.NOT_FOUND.msg });
  });
}

const MISSING_ASSET = /^\/assets\/.+\.[a-z0-9]+$/i;
/** The hall, the lottery list and the play pages: where almost every visit starts. */
const FIRST_SCREEN_ROUTES = ['/home', '/lotteryHall', '/lottery/:family/:code'];
/** The build's HTML for the play page (PLAY_PAGE_PATH). */
const PLAY_HTML = 'play.html';

type Index = { plain: Buffer; text: string; scripts: string[] } & Partial<Record<Encoding, Buffer>>;

const sibling = (file: string, ext: 'br' | 'gz') =>
  existsSync(`${file}.${ext}`) ? readFileSync(`${file}.${ext}`) : undefined;

/** An HTML page of the build and its .br/.gz siblings, read once: client-side routes answer it. */
function loadIndex(webDist: string, name: string): Index {
  const file = join(webDist, name);
  const plain = readFileSync(file);
  const text = plain.toString('utf8');
  return {
    plain,
    text,
    scripts: pageScripts(webDist, text),
    br: sibling(file, 'br'),
    gzip: sibling(file, 'gz'),
  };
}

/**
 * The scripts `html` loads (`<script type="module" src>`, `<link rel="modulepreload" href>`), the
 * largest on the wire first: each is a module the page cannot run without, and on a phone's six
 * connections the largest decide when the last one arrives.
 */
function pageScripts(webDist: string, html: string): string[] {
  const urls = [
    ...html.matchAll(
      /<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="(\/assets\/[^"]+\.js)"/g,
    ),
  ].map((match) => match[1]!);
  const sizeOf = (file: string) => statSync(file, { throwIfNoEntry: false })?.size;
  const onWire = (url: string) => {
    const file = join(webDist, url);
    return sizeOf(`${file}.br`) ?? sizeOf(file) ?? 0;
  };
  const sizes = new Map(urls.map((url) => [url, onWire(url)]));
  return [...new Set(urls)].sort((a, b) => sizes.get(b)! - sizes.get(a)!);
}

/**
 * What the build wrote about its chunks: Vite's manifest (each chunk by a key, with the keys of the
 * chunks it imports) and lazy-modules.json (apps/web/vite.config.ts: each module some code loads
 * with import(), by its path from apps/web, and the file of the chunk that holds it).
 */
interface Build {
  chunks: Record<string, { file: string; imports?: string[] }>;
  lazyModules: Record<string, string>;
}

function loadBuild(webDist: string): Build {
  const read = (name: string) => {
    const file = join(webDist, '.vite', name);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  };
  return { chunks: read('manifest.json'), lazyModules: read('lazy-modules.json') };
}

/** BuildChunks.filesOf for one page: `source`'s chunk and its static imports that `page` does not load. */
function chunkFiles(build: Build, page: Index, source: string): string[] {
  const module = Object.keys(build.lazyModules).find((path) => path.endsWith(`/${source}`));
  const file = module === undefined ? undefined : build.lazyModules[module];
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = build.chunks[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (page.text.includes(`/${chunk.file}"`)) return; // and what it imports, with it
    files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // The file import() asks for: the module's own chunk where the manifest lists the module (often a
  // small facade re-exporting a shared chunk, which it imports), else the chunk that holds it.
  const key =
    module !== undefined && build.chunks[module]
      ? module
      : Object.keys(build.chunks).find((k) => build.chunks[k]?.file === file);
  if (key !== undefined) visit(key);
  return files;
}

/**
 * The CSP hashes of the inline styles in the build's HTML (the first screens' CSS, which the build
 * inlines and lists in .vite/inline-styles.json); none without a build.
 */
export function inlineStyleHashes(webDist: string): string[] {
  const file = join(webDist, '.vite', 'inline-styles.json');
  if (!existsSync(file)) return [];
  const { styleHashes } = JSON.parse(readFileSync(file, 'utf8')) as { styleHashes?: unknown };
  return Array.isArray(styleHashes)
    ? styleHashes.filter(
        (hash): hash is string => typeof hash === 'string' && /^sha256-[A-Za-z0-9+/=]+$/.test(hash),
      )
    : [];
}

/**
 * The app's HTML from memory (sending the file per request through the static plugin's
 * precompressed lookups piled listeners onto every response), no-cache for the version check.
 */
function sendIndex(request: FastifyRequest, reply: FastifyReply, index: PageDocument): FastifyReply {
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? index[encoding] : undefined;
  if (!encoding || !encoded) return reply.send(index.plain);
  return reply.header('content-encoding', encoding).send(encoded);
}
