// First: zod's settings must be in place before any page module parses (see zod-jitless.ts).
import './zod-jitless';
import '../shared/ui/theme.css';
import '../shared/ui/antd-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureResponseEffects } from '../shared/api/client';
import { syncServerTime } from '../shared/api/clock-sync';
import { afterNextPaint } from '../shared/lib/after-paint';
import { firstScreenShown, holdUntilFirstScreenShown } from '../shared/lib/first-screen';
import { catchInstallPrompt } from '../shared/lib/install';
import { showAlert, showToast } from '../shared/ui/feedback';
import { addAppLinks } from './head-links';
import { prefetchFirstScreen } from './prefetch';
import { Providers, queryClient } from './providers';
import { createAppRouter, type LoadedPages, loadFirstPages } from './router';
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
const firstScreen = prefetchFirstScreen(queryClient, pathname);
// The first render draws the page the URL opens, with the data it waits for, rather than a loading
// screen that a second render replaces (issue 10: on a phone each is a long task, and the page's
// largest text came two renders late). index.html's 加载中... shows meanwhile; the page's chunk
// and those reads are already on their way (preloaded by the HTML and the server's Link header).
// A page that fails to load is left to the router (lazily, to its error page), a slow read to the
// page's own loading state.
const firstPages = await within<LoadedPages>(
  FIRST_SCREEN_WAIT_MS,
  Promise.all([loadFirstPages(pathname), firstScreen]).then(([pages]) => pages),
  new Map(),
);
const router = createAppRouter(pathname, firstPages);

// until the router exists, a response that sends the player elsewhere loads that page (the default)
configureResponseEffects({
  navigate: (path) => void router.navigate(path),
  currentPath: () => router.state.location.pathname + router.state.location.search,
});

// index.html's 加载中... placeholder leaves in the task that draws the app: Preact would otherwise
// reuse its <div> for the shell's first element and keep any attribute the shell does not set.
const container = document.getElementById('root')!;
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// The reads held above, the session check, the clock's measurement and the manifest links wait
// until the first screen is shown: started before it, their requests and answers came ahead of
// the page's largest text (issue 10).
afterNextPaint(() => {
  firstScreenShown();
  addAppLinks();
  void checkStoredSession();
  void syncServerTime();
});
