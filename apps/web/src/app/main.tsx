// First: zod's settings must be in place before any page module parses (see zod-jitless.ts).
import './zod-jitless';
import '../shared/ui/theme.css';
import '../shared/ui/antd-render';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureResponseEffects } from '../shared/api/client';
import { syncServerTime } from '../shared/api/clock-sync';
import { afterNextPaint } from '../shared/lib/after-paint';
import { firstScreenShown, holdUntilFirstScreenShown } from '../shared/lib/first-screen';
import { catchInstallPrompt } from '../shared/lib/install';
import { useUserStore } from '../shared/stores/user';
import { showAlert, showToast } from '../shared/ui/feedback';
import { decideGuard } from './guards';
import { addAppLinks } from './head-links';
import { prefetchFirstScreen } from './prefetch';
import { Providers, queryClient } from './providers';
import { createAppRouter, type LoadedPages, loadFirstPages, routesMatching } from './router';
import { SERVER_STATE_ID } from './server-state';
import { checkStoredSession } from './session';

/** How long the first render waits for the page's chunk and first reads before it draws without them. */
const FIRST_SCREEN_WAIT_MS = 3_000;

/** `promise`'s value, or `fallback` when it fails or takes longer than `ms`. */
function within<T>(ms: number, promise: Promise<T>, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(resolve, () => resolve(fallback)).finally(() => clearTimeout(timer));
  });
}

// before anything else can delay it: Chromium offers installing once per load (docs/pwa.md)
catchInstallPrompt();
configureResponseEffects({ toast: (message) => showToast(message, 2000), alert: showAlert });
// reads the first screen does not draw wait until it is shown (shared/lib/first-screen.ts)
holdUntilFirstScreenShown();
const { pathname } = window.location;
const container = document.getElementById('root')!;
// A server-rendered page (entry-server.tsx) brings the query cache it was drawn from: the browser
// starts from it, and hydrates the markup instead of drawing the page again (docs/web.md).
// Only the page it was drawn for: offline, the service worker may answer another route with it.
const drawn = document.getElementById(SERVER_STATE_ID);
const serverState = drawn?.dataset.url === pathname + window.location.search ? drawn : null;
if (serverState?.textContent) hydrate(queryClient, JSON.parse(serverState.textContent));
let hydrating = serverState !== null && guardAllows(pathname);
const firstScreen = prefetchFirstScreen(queryClient, pathname);
// The first render draws the page the URL opens, with the data it waits for, rather than a loading
// screen that a second render replaces (issue 10: on a phone each is a long task, and the page's
// largest text came two renders late). index.html's 加载中... (or the server's markup) shows
// meanwhile; the page's chunk and those reads are already on their way (preloaded by the HTML and
// the server's Link header). A page that fails to load is left to the router (lazily, to its error
// page), a slow read to the page's own loading state. Hydration waits for them all, however long:
// the markup is on screen, and a lazy page would not match it. If the chunk or a read fails (a
// deployment removed the chunk, the network dropped), the page is drawn afresh instead: the router
// shows its error page or reloads once for a new deployment, never a dead copy of the markup.
const firstLoad = Promise.all([loadFirstPages(pathname), firstScreen]).then(([pages]) => pages);
let firstPages: LoadedPages;
if (hydrating) {
  const loaded = await firstLoad.catch(() => null);
  hydrating = loaded !== null;
  firstPages = loaded ?? new Map();
} else {
  firstPages = await within<LoadedPages>(FIRST_SCREEN_WAIT_MS, firstLoad, new Map());
}
const router = createAppRouter(pathname, firstPages);

// until the router exists, a response that sends the player elsewhere loads that page (the default)
configureResponseEffects({
  navigate: (path) => void router.navigate(path),
  currentPath: () => router.state.location.pathname + router.state.location.search,
});

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
if (hydrating) {
  hydrateRoot(container, app, {
    // a mismatch is a defect (the hydration e2e test fails on it): say so plainly in the console
    onRecoverableError: (error) => console.error('[hydration]', error),
  });
} else {
  // index.html's 加载中... placeholder (or markup drawn for a page the guard sends elsewhere) goes
  container.replaceChildren();
  createRoot(container).render(app);
}

// The reads held above, the session check, the clock's measurement and the manifest links wait
// until the first screen is shown: started before it, their requests and answers came ahead of
// the page's largest text (issue 10).
afterNextPaint(() => {
  // the app has drawn (or hydrated) its first screen: tests and tools wait for this mark
  document.documentElement.dataset.started = 'true';
  firstScreenShown();
  addAppLinks();
  void checkStoredSession();
  void syncServerTime();
});

/**
 * Whether the guard lets the stored player into `path` as the server drew it (a visitor's page):
 * a play page is for players, and a visitor's would go on to the login page at once.
 */
function guardAllows(path: string): boolean {
  const meta = routesMatching(path)[0]?.meta;
  if (!meta) return false;
  const user = useUserStore.getState().user;
  const location = path + window.location.search;
  return decideGuard({ meta, user, site: undefined, online: true, location }).kind === 'allow';
}
