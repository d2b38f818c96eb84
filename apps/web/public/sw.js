// The installable app's service worker (issue 15, docs/pwa.md). It keeps the app shell (index.html)
// and the build's content-hashed bundles so the app opens with the network cut; it never stores an
// API answer (/v1), a socket, a picture of ours (/static) or anything else, so no balance, record or
// money screen is ever served from a cache: those screens load their data live or say the network is
// down. Navigations go to the network first (a new deployment is seen at once, and the app's own
// version reload keeps working); the cached shell answers only when the network fails.
const SHELL_CACHE = 'shell-v1';
const ASSET_CACHE = 'assets-v1';
const SHELL_URL = '/';
/** Hashed bundles kept at most (old builds' files are dropped first). */
const MAX_ASSETS = 400;

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name !== SHELL_CACHE && name !== ASSET_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(hashedAsset(request));
  // everything else (/v1 calls, /static pictures, sockets, the manifest) goes to the network as is
});

/** The shell and the bundles it names, fetched fresh: what the app needs to start offline. */
async function cacheShell() {
  const response = await fetch(SHELL_URL, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(SHELL_URL, response);
  const bundles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const assets = await caches.open(ASSET_CACHE);
  await Promise.all(
    bundles.map((path) =>
      fetch(path).then(
        (r) => (r.ok ? assets.put(path, r) : undefined),
        () => undefined,
      ),
    ),
  );
}

async function navigation(request) {
  try {
    const response = await fetch(request);
    // a fresh shell for the next offline start: the app's plain HTML, which every route can start
    // from (a page drawn on the server carries one route's markup and data: docs/web.md)
    if (response.ok && (response.headers.get('content-type') || '').startsWith('text/html')) {
      void response
        .clone()
        .text()
        .then(async (html) => {
          if (html.includes('id="ssr-state"')) return;
          const cache = await caches.open(SHELL_CACHE);
          await cache.put(
            SHELL_URL,
            new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
          );
        })
        .catch(() => undefined);
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** A content-hashed file never changes: the cache answers, else the network (and it is kept). */
async function hashedAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    void trim(cache).catch(() => undefined);
  }
  return response;
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}
