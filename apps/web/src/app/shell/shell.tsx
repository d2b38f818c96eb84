import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { tenantConfigQuery } from '../../features/site/api/get-tenant-config';
import { expireSession } from '../../shared/api/client';
import { useHydrated } from '../../shared/lib/hydration';
import { storedSiteName } from '../../shared/lib/storage';
import { zhCN } from '../../shared/locales/zh-CN';
import { useSiteStore } from '../../shared/stores/site';
import { useUserStore } from '../../shared/stores/user';
import { showToast } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';
import { QuietBoundary } from '../../shared/ui/quiet-boundary';
import { decideGuard, type GuardDecision } from '../guards';
import type { RouteMeta } from '../route-meta';
import { AppTabBar } from './tab-bar';
import { useOnline } from './use-online';

const FALLBACK_META: RouteMeta = { title: '' };

const ShellExtras = lazy(() => import('./shell-extras'));
// The header (antd-mobile NavBar and the back rules) is not drawn on /home, where most visits
// start; other pages show a plain red bar with the title for the moment it takes to load.
const AppHeader = lazy(async () => ({ default: (await import('./app-header')).AppHeader }));

function HeaderPlaceholder({ title }: { title: string }) {
  return (
    <div className="app-header app-header-placeholder">
      <span className="adm-nav-bar-title">{title}</span>
    </div>
  );
}

/** True once the browser has been idle after the first paint (at most a second later). */
function useIdleAfterFirstPaint(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}

// Only signed-in players see the chat button; visitors on /home never download chat's code.
const ChatFloatButton = lazy(async () => ({
  default: (await import('../../features/chat/components/chat-float-button')).ChatFloatButton,
}));

function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.title !== undefined) return handle;
  }
  return FALLBACK_META;
}

/** Header, guarded page, tab bar and the shell's popups around every route. */
export function Shell() {
  const meta = useRouteMeta();
  const location = useLocation();
  const online = useOnline();
  const idle = useIdleAfterFirstPaint();
  const user = useUserStore((s) => s.user);
  const { data: siteData, isError: siteFailed } = useQuery(tenantConfigQuery());
  // the config the page was drawn with (the query's, from the server's cache) until the store has it
  const site = useSiteStore((s) => s.site) ?? siteData;
  const setSite = useSiteStore((s) => s.setSite);
  useEffect(() => {
    if (siteData) setSite(siteData);
  }, [siteData, setSite]);

  const here = location.pathname + location.search;
  // Without a site config (the call failed) the optional modules count as switched off.
  const guardSite = site ?? (siteFailed ? {} : undefined);
  // A server-rendered page is drawn (and hydrated) as the server saw it, a visitor's page without its
  // guard; the guard decides on the next render, with the stored player (main.tsx draws a page the
  // guard would not let in afresh instead of hydrating it).
  const hydrated = useHydrated();
  const decision: GuardDecision = hydrated
    ? decideGuard({ meta, user, site: guardSite, online, location: here })
    : { kind: 'allow' };

  useEffect(() => {
    const siteName = site?.tenantName ?? storedSiteName() ?? '';
    document.title = [siteName, meta.title].filter(Boolean).join('-') || zhCN.loading;
  }, [site?.tenantName, meta.title]);

  const expiredTarget = decision.kind === 'expired' ? decision.to : undefined;
  const offline = decision.kind === 'offline';
  useEffect(() => {
    if (expiredTarget) expireSession(expiredTarget);
  }, [expiredTarget]);
  // Say it once per page entered while offline.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on each page change
  useEffect(() => {
    if (offline) showToast(zhCN.offline);
  }, [offline, location.pathname]);

  let content = <Outlet />;
  if (decision.kind === 'redirect') content = <Navigate to={decision.to} replace />;
  else if (decision.kind === 'expired' || decision.kind === 'wait') content = <PageLoading />;

  return (
    <div className="app-shell">
      {meta.ownHeader ? null : (
        <Suspense fallback={<HeaderPlaceholder title={meta.title} />}>
          <AppHeader meta={meta} />
        </Suspense>
      )}
      <main className={meta.tab ? 'app-main with-tabbar' : 'app-main'}>{content}</main>
      {meta.tab ? <AppTabBar site={site} /> : null}
      {user?.login && location.pathname === '/home' ? (
        <QuietBoundary>
          <ChatFloatButton />
        </QuietBoundary>
      ) : null}
      {idle ? (
        <QuietBoundary>
          <ShellExtras site={site} title={meta.title} pathname={location.pathname} />
        </QuietBoundary>
      ) : null}
    </div>
  );
}
