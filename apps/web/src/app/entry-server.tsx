// First: zod's settings must be in place before any page module parses (see zod-jitless.ts).
import './zod-jitless';
import { HALL_PATHS, playPageOf } from '@lottery/contract/first-screen';
import { isFamily } from '@lottery/rules/family';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { allLotteryDataQuery } from '../features/lottery/api/get-all-lottery-data';
import { getTenantConfig, tenantConfigQuery } from '../features/site/api/get-tenant-config';
import { configureResponseEffects, configureTransport } from '../shared/api/client';
import { holdUntilFirstScreenShown } from '../shared/lib/first-screen';
import { prefetchFirstScreen } from './prefetch';
import { createQueryClient, Providers } from './providers';
import { appRoutes, loadFirstPages, routesMatching } from './router';
import { SERVER_STATE_ID } from './server-state';

/**
 * The server's side of the first screens (issue 39, docs/web.md "Server rendering"): the hall,
 * /lotteryHall and the play pages are drawn here with React's own prerender, from the same route
 * tree and query options the browser uses, as a visitor (public data only: the server never asks
 * with a player's session). The page carries the query cache it was drawn from, and the browser
 * hydrates from it: the same reads, the same elements, no second fetch.
 *
 * Built by `vite build --ssr` into the web build's `.ssr/` (apps/web/package.json) and loaded by
 * the server (apps/server/src/plugins/server-render.ts), which keeps each page in memory until a
 * draw or an admin change drops it.
 */

/** How the renderer's reads reach the server: in-process (Fastify's inject), never over a socket. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  /** The URL drawn (path and query): the browser hydrates only that page from it. */
  url: string;
  /** The markup of `#root`. */
  html: string;
  /** The query cache the markup was drawn from (dehydrated TanStack Query state), as JSON. */
  state: string;
  /** The document title the shell would set (site name and the page's title). */
  title: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The app's HTML (index.html or play.html of the build) with `page` in it: the markup in `#root`,
 * the query cache after it in a data block, and the page's title.
 */
export function pageHtml(template: string, page: RenderedPage): string {
  // `<` escaped, so no `</script>` in the data can end the block
  const state = page.state.replace(/</g, '\\u003c');
  const root = `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}" data-url="${escapeHtml(page.url)}">${state}</script>`;
  const withRoot = template.replace(/<div id="root">[\s\S]*?<\/div><\/div>/, () => root);
  if (withRoot === template) throw new Error('the template has no #root placeholder');
  return page.title
    ? withRoot.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    : withRoot;
}

/** A query whose data came from the server (the `rules` queries hold code the browser loads). */
export function isServerData(queryKey: readonly unknown[]): boolean {
  return queryKey[0] !== 'rules';
}

/**
 * Whether the URL is drawn on the server: the hall, the lottery list (plain, or one family's tab)
 * and each lottery's play page, without other query strings (a page reading one the server did
 * not draw with would not hydrate; the browser draws those). Keeps the server's pages few.
 */
export function isServerRendered(pathname: string, search = ''): boolean {
  if (pathname === '/lotteryHall') return search === '' || /^\?key=[A-Z0-9]{2,6}$/.test(search);
  if (search !== '') return false;
  if (pathname === '/home') return true;
  return playPageOf(pathname, isFamily)?.lotteryCode !== undefined;
}

/** Hands the renderer its transport; once, before the first render. */
export function configure(transport: Transport): void {
  configureTransport(transport);
  // The server draws what the browser's first render draws, before its first screen is shown
  // (shared/lib/first-screen.ts): what waits for that (the hall's later banners) waits here too.
  holdUntilFirstScreenShown();
  // A read that fails while drawing is the page's error state, as in the browser; nothing to show,
  // nowhere to go: the server has no dialogs and no router to send anyone elsewhere.
  configureResponseEffects({
    toast: () => {},
    alert: async () => {},
    navigate: () => {},
    isLoggedIn: () => false,
    clearUser: () => {},
    store: () => {},
    readFlag: () => false,
    later: () => {},
    currentPath: () => '/',
  });
}

/** A page the server leaves to the browser (a read it needs failed): not an error of the server. */
export class NotDrawable extends Error {
  override readonly name = 'NotDrawable';
}

/** `url` (path and query) drawn as a visitor sees it first. */
export async function render(url: string): Promise<RenderedPage> {
  const location = new URL(url, 'http://app.invalid');
  const { pathname } = location;
  const client = createQueryClient();
  // Every read the page draws is awaited before drawing: a read finishing between drawing and
  // dehydrating would put data in the browser's cache that the markup does not show.
  await Promise.all([
    // the browser asks for it once its first screen is shown; the server, which draws that screen, now
    client.prefetchQuery({ ...tenantConfigQuery(), queryFn: ({ signal }) => getTenantConfig(signal) }),
    HALL_PATHS.has(pathname) || pathname === '/lotteryHall'
      ? client.prefetchQuery(allLotteryDataQuery())
      : undefined,
    prefetchFirstScreen(client, pathname, { all: true }),
  ]);
  // A page is drawn from answers only: one read failing is left to the browser, which draws the page
  // itself (the server sends the app's plain HTML), rather than hydrating an error it did not see.
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' });
  if (failed.length > 0)
    throw new NotDrawable(`${pathname}: ${failed.map((q) => q.queryHash).join(', ')} failed`);
  const pages = await loadFirstPages(pathname);
  const { routes } = appRoutes(pathname, pages);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect on the server`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude)
    html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  const site = client.getQueryData(tenantConfigQuery().queryKey);
  const title = [site?.tenantName, routesMatching(pathname)[0]?.meta.title].filter(Boolean).join('-');
  // the family's plays are code (a chunk the browser loads itself), not the server's data
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && isServerData(query.queryKey),
  });
  return { url, html, state: JSON.stringify(state), title };
}
