import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a first visit to a route downloads before it can paint, read from Vite's build
 * manifest (dist/.vite/manifest.json): the entry chunk of index.html, the route's page chunk, and
 * every chunk either imports statically (those are fetched before the module runs). Chunks behind
 * a dynamic import() are left out: they load later, on demand. Sizes are gzip level 9, which is
 * what the server sends to a browser that does not take brotli (brotli is smaller still).
 */
/**
 * 160 KB with react-dom's client in it (issue 39): the first screens are rendered on the server, so
 * this JavaScript no longer gates the first paint, only hydration (docs/adr/0302-react-and-server-rendering.md).
 */
export const INITIAL_JS_BUDGET_GZIP_BYTES = 160 * 1024;
/**
 * The play page's: 1 KB more since issue 37's fixes on it (fast mode's bar, the refusal of a pick
 * past a play's maximum, the pickers' titles) took it 98 bytes past 160 KB (docs/bench.md).
 */
export const PLAY_PAGE_JS_BUDGET_GZIP_BYTES = 161 * 1024;

/** Page modules of the routes held to the budget (apps/web-relative, as the manifest keys them). */
export const BUDGETED_ROUTES: Record<string, string> = {
  '/home': 'src/features/lottery/pages/home-page.tsx',
  '/lottery/K3/:CODE': 'src/app/lottery-play.tsx',
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  /** The stylesheets the chunk's modules import. */
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteJs {
  route: string;
  files: string[];
  gzipBytes: number;
}

/** Chunk files reached from `keys` through static imports, each once, in visiting order. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const stack = [...keys].reverse();
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const next of [...(chunk.imports ?? [])].reverse()) stack.push(next);
  }
  return files;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * Source modules bundled into `files`, read from their source maps (build with --sourcemap hidden),
 * as paths relative to the repository root; node_modules packages as `node_modules/<name>`.
 */
export function bundledSources(distDir: string, files: string[]): string[] {
  const sources = new Set<string>();
  for (const source of bundledFiles(distDir, files)) {
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    sources.add(inPackage ? `node_modules/${inPackage[1]}` : source.replace(/^(\.\.\/)+(work\/main\/)?/, ''));
  }
  return [...sources].sort();
}

/** The source files of `files`, as their source maps name them (a package's own files too). */
export function bundledFiles(distDir: string, files: string[]): string[] {
  const sources = new Set<string>();
  for (const file of files) {
    const mapFile = join(distDir, `${file}.map`);
    if (!existsSync(mapFile)) continue; // bundler runtime helpers have no sources of ours
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    for (const source of map.sources) sources.add(source);
  }
  return [...sources].sort();
}

/** Initial-route JS of every budgeted route in a built dist directory. */
export function initialRouteJs(distDir: string): RouteJs[] {
  const manifest = readManifest(distDir);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  return Object.entries(BUDGETED_ROUTES).map(([route, page]) => {
    const files = staticClosure(manifest, [entry, page]);
    const gzipBytes = files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
      0,
    );
    return { route, files, gzipBytes };
  });
}
