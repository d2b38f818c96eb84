import { useQuery } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { ChatFloatButton } from '../../features/chat/components/chat-float-button';
import { tenantConfigQuery } from '../../features/site/api/get-tenant-config';
import { expireSession } from '../../shared/api/client';
import { zhCN } from '../../shared/locales/zh-CN';
import { useSiteStore } from '../../shared/stores/site';
import { useUserStore } from '../../shared/stores/user';
import { PageLoading } from '../../shared/ui/page-loading';
import { decideGuard } from '../guards';
import type { RouteMeta } from '../route-meta';
import { AppDownloadSheet } from './app-download-sheet';
import { AppHeader } from './app-header';
import { MessagePopup } from './message-popup';
import { AppTabBar } from './tab-bar';
import { Telemetry } from './telemetry';
import { useOnline } from './use-online';
import { VersionCheck } from './version-check';

const FALLBACK_META: RouteMeta = { title: '' };

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
  const user = useUserStore((s) => s.user);
  const { data: siteData, isError: siteFailed } = useQuery(tenantConfigQuery());
  const site = useSiteStore((s) => s.site);
  const setSite = useSiteStore((s) => s.setSite);
  useEffect(() => {
    if (siteData) setSite(siteData);
  }, [siteData, setSite]);

  const here = location.pathname + location.search;
  // Without a site config (the call failed) the optional modules count as switched off.
  const guardSite = site ?? (siteFailed ? {} : undefined);
  const decision = decideGuard({ meta, user, site: guardSite, online, location: here });

  useEffect(() => {
    const siteName = site?.tenantName ?? '';
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
    if (offline) Toast.show({ content: zhCN.offline });
  }, [offline, location.pathname]);

  let content = <Outlet />;
  if (decision.kind === 'redirect') content = <Navigate to={decision.to} replace />;
  else if (decision.kind === 'expired' || decision.kind === 'wait') content = <PageLoading />;

  return (
    <div className="app-shell">
      {meta.ownHeader ? null : <AppHeader meta={meta} />}
      <main className={meta.tab ? 'app-main with-tabbar' : 'app-main'}>{content}</main>
      {meta.tab ? <AppTabBar site={site} /> : null}
      {location.pathname === '/home' ? <AppDownloadSheet site={site} /> : null}
      {user?.login && (location.pathname === '/home' || location.pathname.startsWith('/lottery/')) ? (
        <ChatFloatButton />
      ) : null}
      <MessagePopup />
      <VersionCheck />
      <Telemetry title={meta.title} />
    </div>
  );
}
