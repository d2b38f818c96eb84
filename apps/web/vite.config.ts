import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { withoutPreloads } from './build/preload-lists.ts';

// The API the dev/preview server forwards /v1 to (the real server; port 8080 unless told).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const proxy = {
  '/v1': { target: apiTarget, changeOrigin: true, ws: true },
  '/static': { target: apiTarget, changeOrigin: true },
};

// --- build notes -------------------------------------------------------------------------------
/** Build logs that say nothing about this app: libraries mark modules "use client", which a bundle for the browser has no use for. */
const QUIET_LOG: Record<string, RegExp> = {
  MODULE_LEVEL_DIRECTIVE: /"use client"/,
};
// --- end of build notes -------------------------------------------------------------------------

// --- precompression (server speed, issue 10; keep this block whole) ---------------------------
// After the build, every text file in dist gets .br (quality 11) and .gz (level 9) siblings, which
// the server sends as they are (@fastify/static preCompressed) instead of compressing per request.
// A sibling is written only when it is smaller than the file. Already-packed formats are left alone.
const PRECOMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|wasm|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && PRECOMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !file.slice(dir.length).includes('/.')); // .vite/manifest.json is for tools
}

async function precompressFile(file: string): Promise<void> {
  const plain = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzipAsync(plain, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < plain.length) await writeFile(`${file}.br`, br);
  if (gz.length < plain.length) await writeFile(`${file}.gz`, gz);
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lottery:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await Promise.all((await filesUnder(outDir)).map(precompressFile));
    },
  };
}
// --- end of precompression --------------------------------------------------------------------

// --- antd-mobile legacy renderer (web speed, issue 10) -------------------------------------------
// antd-mobile's default imperative renderer (es/utils/render.js) re-exports rc-util's legacy
// ReactDOM.render wrapper, which brings babel's regenerator runtime into the entry chunk (about
// 3.5 KB gzipped). On React 19 it cannot work anyway: src/shared/ui/antd-render.ts hands antd-mobile
// createRoot before any Toast or Dialog shows. The module becomes a stub that says so if reached.
const LEGACY_RENDER_STUB = '\0antd-legacy-render-stub';

function antdLegacyRenderStub(): Plugin {
  return {
    name: 'lottery:antd-legacy-render-stub',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromAntd = importer && /antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/.test(importer);
      return source === './render' && fromAntd ? LEGACY_RENDER_STUB : null;
    },
    load(id) {
      if (id !== LEGACY_RENDER_STUB) return null;
      const fail = `throw new Error('antd-mobile rendered before unstableSetRender (src/shared/ui/antd-render.ts)')`;
      return `export function render() { ${fail}; }\nexport async function unmount() { ${fail}; }\n`;
    },
  };
}
// --- end of antd-mobile legacy renderer --------------------------------------------------------

// --- first-screen preloads (web speed, issue 10) --------------------------------------------------
// A route's lazy page chunk would otherwise be requested only after the entry chunk has run (and
// the play page's ~35 dependencies through one appended <link> each, ~20 ms of main thread on a
// phone). modulepreload links in the HTML let the browser fetch them alongside the entry.
// index.html (every route, and /home where the README's URL lands) preloads the hall; play.html,
// which the server sends for /lottery/{FAMILY}/{CODE}, preloads the play page instead.
const LANDING_PAGE = 'src/features/lottery/pages/home-page.tsx';
const PLAY_PAGE = 'src/app/lottery-play.tsx';
const PLAY_HTML = 'play.html';

type BundleItem = { type: string; fileName?: string; source?: string | Uint8Array } & Partial<OutputChunk>;

/**
 * The chunks the first screens run: the entry's, then what the play page and the hall add, each
 * after the chunks it imports (so their CSS comes in cascade order).
 */
function firstScreenChunks(bundle: Record<string, BundleItem>): OutputChunk[] {
  const chunks = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle))
    if (item.type === 'chunk') chunks.set((item as OutputChunk).fileName, item as OutputChunk);
  const order: OutputChunk[] = [];
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) visit(chunks.get(file));
    order.push(chunk);
  };
  const all = [...chunks.values()];
  visit(all.find((chunk) => chunk.isEntry));
  visit(all.find((chunk) => chunk.facadeModuleId?.endsWith(PLAY_PAGE)));
  visit(all.find((chunk) => chunk.facadeModuleId?.endsWith(LANDING_PAGE)));
  return order;
}

/** The CSS files the first screens load, in cascade order. Both HTML pages carry all of them inline. */
function firstScreenCss(bundle: Record<string, BundleItem>): string[] {
  const css: string[] = [];
  for (const chunk of firstScreenChunks(bundle))
    for (const file of chunk.viteMetadata?.importedCss ?? []) if (!css.includes(file)) css.push(file);
  return css;
}

/** What the build tells the server about the HTML's inline styles: their CSP hashes. */
const INLINE_STYLES = '.vite/inline-styles.json';

function firstScreenPreloads(): Plugin {
  let outDir = '';
  let playHtml = '';
  let style = '';
  /** The tags preloading `page`'s chunk and what it imports statically, less what `html` has. */
  const preloadTags = (chunks: Map<string, OutputChunk>, html: string, page: string): string[] => {
    const pageChunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(page));
    if (!pageChunk) return [];
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (chunk: OutputChunk | undefined) => {
      if (!chunk || files.has(chunk.fileName) || html.includes(`/${chunk.fileName}"`)) return;
      files.add(chunk.fileName);
      for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
      for (const file of chunk.imports) visit(chunks.get(file));
    };
    visit(pageChunk);
    return [
      ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...[...css]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
  };
  return {
    name: 'lottery:first-screen-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = new Map<string, OutputChunk>();
        for (const item of Object.values(bundle ?? {}))
          if (item.type === 'chunk') chunks.set(item.fileName, item);
        const inHead = (tags: string[]) =>
          html.replace(/\n\s*<\/head>/, `\n    ${tags.join('\n    ')}\n  </head>`);
        // The first screens' styles go inline, in one <style> on both pages: as files they were four
        // requests on the play page (two on /home) ahead of the scripts on the phone's six
        // connections. Lazy chunks do not load them again (generateBundle below takes them out of
        // the preload lists).
        const inlined = firstScreenCss(bundle as Record<string, BundleItem>);
        style = inlined
          .map((file) => {
            const asset = bundle?.[file];
            return asset?.type === 'asset' ? String(asset.source).trim() : '';
          })
          .join('\n');
        const inline = (page: string) =>
          page
            .replace(
              /\n\s*<link rel="(?:stylesheet|preload" as="style)" crossorigin href="\/([^"]+\.css)">/g,
              (tag, file) => (inlined.includes(file) ? '' : tag),
            )
            .replace(/\n\s*<\/head>/, `\n    <style>${style}</style>\n  </head>`);
        playHtml = inline(inHead(preloadTags(chunks, html, PLAY_PAGE)));
        return inline(inHead(preloadTags(chunks, html, LANDING_PAGE)));
      },
    },
    // After Vite has written each import()'s preload list (it appends the CSS of the chunks loaded,
    // past resolveDependencies): the inline styles are left out, or the page would fetch and append
    // them again as a lazy route loads.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const inlined = new Set(firstScreenCss(bundle as Record<string, BundleItem>));
        for (const item of Object.values(bundle))
          if (item.type === 'chunk') item.code = withoutPreloads(item.code, inlined);
      },
    },
    // before closeBundle, where the precompression writes its .br and .gz
    async writeBundle() {
      if (playHtml) await writeFile(join(outDir, PLAY_HTML), playHtml);
      const hash = `sha256-${createHash('sha256').update(style).digest('base64')}`;
      await writeFile(join(outDir, INLINE_STYLES), JSON.stringify({ styleHashes: style ? [hash] : [] }));
    },
  };
}
// --- end of first-screen preloads -----------------------------------------------------------------

// --- the page's icon in the HTML (web speed, issue 10) -------------------------------------------
// Without an icon link when the page has loaded, Chromium asks for /favicon.ico (the app's HTML, as
// an unknown path) on one of the phone's six connections while the first screen's scripts are still
// coming. The brand mark is 314 bytes: the pages carry it as a data: URL, and no request is made
// (the pages that draw it import it, and the build inlines it the same way).
const ICON_FILE = 'src/shared/ui/brand-mark.svg';

function inlineIcon(): Plugin {
  let root = '';
  return {
    name: 'lottery:inline-icon',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml() {
      const svg = readFileSync(join(root, ICON_FILE), 'utf8').trim();
      const href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      return [{ tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href }, injectTo: 'head' }];
    },
  };
}
// --- end of the page's icon in the HTML -------------------------------------------------------------

// --- eager compilation of the first screens (web speed, issue 10) ------------------------------
// V8 compiles a function when it is first called, on the main thread, unless the file asks for
// all of its functions at once: `//# allFunctionsCalledOnLoad` as its first line (Chromium 136+;
// other engines read a comment). The first screens' files run nearly all of their code as the app
// starts, so they are compiled while they stream in, off the main thread. Lazy pages are not.
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

function eagerFirstScreens(): Plugin {
  return {
    name: 'lottery:eager-first-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of firstScreenChunks(bundle as Record<string, BundleItem>))
        chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`;
    },
  };
}
// --- end of eager compilation of the first screens -------------------------------------------------

// --- lazy modules' chunks (web speed, issue 10) ----------------------------------------------------
// Vite's manifest names a chunk by its source only when the chunk is an entry. A module loaded with
// import() that other chunks import statically (each family's plays: the play screen imports one,
// the rules registry all ten) lands in a shared chunk the manifest knows by its hash alone. This
// writes .vite/lazy-modules.json: each module that some code imports with import(), by its path
// from the web root (as the manifest writes paths), and the file of the chunk that holds it. The
// server preloads a play page's family plays by it (apps/server/src/plugins/static.ts).
const LAZY_MODULES = '.vite/lazy-modules.json';

function lazyModuleChunks(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'lottery:lazy-module-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        for (const id of item.moduleIds)
          if (this.getModuleInfo(id)?.dynamicImporters.length) chunkOf[relative(root, id)] = item.fileName;
      }
      await writeFile(join(outDir, LAZY_MODULES), JSON.stringify(chunkOf, null, 1));
    },
  };
}
// --- end of lazy modules' chunks --------------------------------------------------------------------

// --- preload map without what is already loaded (web speed, issue 10) -----------------------------
// For each lazy import, Vite lists the chunks to preload next to it in the importing chunk (the
// __vite__mapDeps table in the entry). Chunks the importer itself imports statically have run
// before the import() can be reached, so listing them only adds bytes to the first load: they are
// left out. The bundle is kept from generateBundle (order 'pre', before Vite renders the table).
const IDLE_LOADED = /(?:^|\/)(?:shell|member)-extras-[^/]*\.js$/;

function preloadMap() {
  let bundle: Record<string, { type: string; imports?: string[] }> = {};
  const loadedBy = new Map<string, Set<string>>();
  const staticallyLoaded = (file: string): Set<string> => {
    let seen = loadedBy.get(file);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [file];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const chunk = bundle[next];
      if (chunk?.type === 'chunk') stack.push(...(chunk.imports ?? []));
    }
    loadedBy.set(file, seen);
    return seen;
  };
  const plugin: Plugin = {
    name: 'lottery:preload-map',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output as typeof bundle;
        loadedBy.clear();
      },
    },
  };
  const resolveDependencies = (file: string, deps: string[], { hostId }: { hostId: string }) => {
    // Chunks loaded in the background (IDLE_LOADED) fetch their imports as the browser finds them:
    // appending a modulepreload link per dependency costs the main thread more than the waterfall
    // costs a chunk nobody waits for.
    if (IDLE_LOADED.test(file)) return [];
    const loaded = staticallyLoaded(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
const preloads = preloadMap();
// --- end of preload map ------------------------------------------------------------------------

// --- first-screen chunks (web speed, issue 10) ---------------------------------------------------
// Left to the automatic splitting, the modules a first screen runs came as ~20 (/home) and ~38
// (the play page) files: every module shared by a different set of lazy pages is a chunk of its own.
// Each file is a task of its own on the phone's main thread as it arrives (fetch, compile, link:
// 15-40 ms at 1x, whatever its size, in Lighthouse's traces), so the first screens are grouped:
// `core` is what the entry (main.tsx) imports statically, `hall` what the landing page adds to it,
// `play` what the play page adds to both; `libs` and `playLibs` are the packages' modules they run
// (before: seven files of 0.1-0.6 KB on /home, ten on the play page, each shared with a different
// set of lazy pages, and as many stylesheets). A later page that uses one module of a group loads
// its chunk whole; the groups are small beside what they save.
const ENTRY_MODULE = 'src/app/main.tsx';
// The entry chunk imports `libs` and `core`, which run first. A module that calls into a package as
// it loads must run after it: antd-render.ts, which hands antd-mobile its renderer (unstable-render.js,
// in `libs`, would otherwise initialise after the call and undo it), stays in the entry chunk.
const STAYS_IN_ENTRY = /src[\\/]shared[\\/]ui[\\/]antd-render\.ts$/;

// A package's index that re-exports all its parts (antd-mobile's eighty components, ahooks' hooks): a
// module importing { Tag } from it runs Tag's module and the index's own side-effect imports, not
// the others, which the build tree-shakes away. The first screens' package groups follow the names.
const BARREL = /node_modules[\\/](?:antd-mobile|antd-mobile-icons|ahooks)[\\/]es[\\/]index\.js$/;
const barrels = new Map<string, { named: Map<string, string>; sideEffects: string[] }>();

/** `a, b as c, type D` -> the names as written in `{ }`, before or after `as`. */
const namesIn = (list: string, side: 'before' | 'after') =>
  list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [before, after] = part.split(/\s+as\s+/);
      return (side === 'after' ? (after ?? before) : before)!;
    });

/** A barrel's exports by name (`export { default as Tag } from './x'`, ahooks' `import useSize from './useSize'`). */
function readBarrel(barrel: string) {
  let parsed = barrels.get(barrel);
  if (parsed) return parsed;
  const fileOf = (spec: string) =>
    [spec, `${spec}.js`, `${spec}/index.js`]
      .map((p) => resolve(dirname(barrel), p))
      .find((p) => statSync(p, { throwIfNoEntry: false })?.isFile())!;
  parsed = { named: new Map(), sideEffects: [] };
  for (const line of readFileSync(barrel, 'utf8').split('\n')) {
    const bare = /^import '([^']+)'/.exec(line);
    const list = /^(?:export|import) \{([^}]*)\} from '([^']+)'/.exec(line);
    const byDefault = /^import (\w+) from '([^']+)'/.exec(line);
    if (bare) parsed.sideEffects.push(fileOf(bare[1]!));
    if (byDefault) parsed.named.set(byDefault[1]!, fileOf(byDefault[2]!));
    for (const name of list ? namesIn(list[1]!, 'after') : []) parsed.named.set(name, fileOf(list![2]!));
  }
  barrels.set(barrel, parsed);
  return parsed;
}

/** The modules of `barrel` that `importer` runs: the ones it names, and the barrel's side effects. */
function barrelImportsOf(importer: string, barrel: string): string[] {
  const { named, sideEffects } = readBarrel(barrel);
  const pkg = /node_modules[\\/]([^\\/]+)[\\/]/.exec(barrel)![1];
  const source = existsSync(importer) ? readFileSync(importer, 'utf8') : '';
  const imports = source.matchAll(
    new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g'),
  );
  const names = [...imports].flatMap((m) => namesIn(m[1]!, 'before'));
  return [...sideEffects, ...names.flatMap((name) => named.get(name) ?? [])];
}

function firstScreenGroups() {
  const members = {
    core: new Set<string>(),
    hall: new Set<string>(),
    play: new Set<string>(),
    libs: new Set<string>(),
    playLibs: new Set<string>(),
  };
  const plugin: Plugin = {
    name: 'lottery:first-screen-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const closure = (start: string | undefined, skip: Set<string>): Set<string> => {
        const seen = new Set<string>();
        const stack = start ? [start] : [];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id) || skip.has(id)) continue;
          seen.add(id);
          const imported = this.getModuleInfo(id)?.importedIds ?? [];
          for (const dep of imported) {
            if (!BARREL.test(dep)) {
              stack.push(dep);
              continue;
            }
            // through a barrel, only the exports this module names (the rest is tree-shaken away)
            if (!skip.has(dep)) seen.add(dep);
            stack.push(...barrelImportsOf(id, dep));
          }
        }
        return seen;
      };
      const entry = find(ENTRY_MODULE);
      members.core = closure(entry, new Set());
      if (entry) members.core.delete(entry);
      const before = new Set([...members.core, ...(entry ? [entry] : [])]);
      const landing = find(LANDING_PAGE);
      const play = find(PLAY_PAGE);
      members.hall = closure(landing, before);
      members.play = closure(play, new Set([...before, ...members.hall]));
      // the pages stay chunks of their own: the router and the manifest know them by name
      if (landing) members.hall.delete(landing);
      if (play) members.play.delete(play);
      // the packages' modules the first screens run, exactly those (not a barrel's whole list)
      const fromPackages = (ids: Iterable<string>) => [...ids].filter((id) => id.includes('/node_modules/'));
      members.libs = new Set(fromPackages([...members.core, ...members.hall]));
      members.playLibs = new Set(fromPackages(members.play));
    },
  };
  const group = (name: keyof typeof members, priority: number) => ({
    name,
    priority,
    // our modules only, without what they import from packages: a package's barrel (antd-mobile's
    // index) would otherwise bring every component it re-exports into the group
    includeDependenciesRecursively: false,
    test: (id: string) => members[name].has(id) && !id.includes('/node_modules/') && !STAYS_IN_ENTRY.test(id),
  });
  const libGroup = (name: 'libs' | 'playLibs', priority: number) => ({
    name,
    priority,
    includeDependenciesRecursively: false,
    test: (id: string) => members[name].has(id),
  });
  return {
    plugin,
    groups: [
      libGroup('libs', 5),
      libGroup('playLibs', 4),
      group('core', 3),
      group('hall', 2),
      group('play', 1),
    ],
  };
}
const firstScreens = firstScreenGroups();
// --- end of first-screen chunks -------------------------------------------------------------------

// --- production react-router (web speed, issue 10) ------------------------------------------------
// react-router's package.json sends every bundler to dist/development (its warnings on); the
// build takes dist/production, the same API with ENABLE_DEV_WARNINGS off. The dev server keeps
// the warnings.
function productionReactRouter(): Plugin {
  return {
    name: 'lottery:production-react-router',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved
        ? { ...resolved, id: resolved.id.replace(/([\\/])development([\\/])/, '$1production$2') }
        : null;
    },
  };
}
// --- end of production react-router --------------------------------------------------------------

// --- the server's renderer (issue 39, docs/web.md "Server rendering") ------------------------------
// `vite build --ssr src/app/entry-server.tsx` builds the first screens' renderer for Node into the
// web build's .ssr/ (a dot directory: the server never serves it). Every package is bundled in, so
// the server loads one self-contained module; CSS imports are dropped (the pages carry the client
// build's styles). React and react-router run their production builds, as in the browser.
const serverRenderer = defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  logLevel: 'warn',
  build: {
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      onwarn(warning, warn) {
        const quiet = QUIET_LOG[warning.code ?? '']?.test(warning.message);
        if (!quiet) warn(warning);
      },
      output: { entryFileNames: 'entry-server.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
// --- end of the server's renderer ----------------------------------------------------------------

const browserApp = defineConfig({
  plugins: [
    // React's JSX transform, and Fast Refresh in the dev server (docs/adr/0302-react-and-server-rendering.md)
    react(),
    precompress(),
    inlineIcon(),
    antdLegacyRenderStub(),
    firstScreenPreloads(),
    lazyModuleChunks(),
    eagerFirstScreens(),
    preloads.plugin,
    productionReactRouter(),
    firstScreens.plugin,
  ],
  server: {
    port: 5173,
    proxy,
  },
  preview: { port: 4173, proxy },
  // The manifest lets the JS budget check (build/initial-js.ts) see what each route loads first.
  // Shared chunks are named by their hash alone: the entry lists every lazy chunk's dependencies
  // by file name (the preload map), and names such as useInputHandleKeyDown-….js cost the first
  // load about 2 KB gzipped; the manifest and the source maps still say what is in each file.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        const quiet = QUIET_LOG[warning.code ?? '']?.test(warning.message);
        if (!quiet) warn(warning);
      },
      output: {
        // a route's page keeps its name (what a deploy replaced, in logs and tests); shared pieces don't
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/c[hash].js'),
        // The libraries every screen starts with, as one chunk: left to the automatic splitting they
        // came as eight small files (each shared with a different set of lazy pages), which gzip
        // worse apart and cost a preload-map entry each (about 2 KB on every first load, issue 10).
        codeSplitting: {
          groups: [
            {
              name: 'boot',
              priority: 10,
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|zustand|classnames)[\\/]/,
            },
            ...firstScreens.groups,
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderer : browserApp));
