export { safeRedirect } from '../shared/lib/redirect';

import type { RouteMeta } from './route-meta';

/** The spec's "Navigation guards" (spec/platform.md §2) as one pure decision. */
export interface GuardSite {
  gamesEnabled?: boolean;
  yuebaoEnable?: boolean;
  liveNavEnabled?: boolean;
  isHideNavLive?: boolean;
}

export interface GuardInput {
  meta: RouteMeta;
  /** The stored user (localStorage userInfo), if any. */
  user: { login: boolean; isAgent: boolean } | undefined;
  /** The site config, once loaded. */
  site: GuardSite | undefined;
  online: boolean;
  /** pathname + search of the page being entered (goes into the redirect query). */
  location: string;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Stored user whose login flag is false: dialog 由于登录验证过期… then this login URL. */
  | { kind: 'expired'; to: string }
  /** Deeper page while offline: render it, and say 当前网络不可用，请检查网络后重试. */
  | { kind: 'offline' }
  /** A module guard needs the site config, which has not arrived yet. */
  | { kind: 'wait' };

export function loginUrl(location: string): string {
  return `/login?redirect=${encodeURIComponent(location)}`;
}

export function liveVisible(site: GuardSite): boolean {
  return site.liveNavEnabled === true && site.isHideNavLive !== true;
}

export function decideGuard({ meta, user, site, online, location }: GuardInput): GuardDecision {
  const loggedIn = user?.login === true;
  if (meta.guestOnly && loggedIn) return { kind: 'redirect', to: '/home' };
  if (meta.login || meta.agent) {
    if (!user) return { kind: 'redirect', to: loginUrl(location) };
    if (!loggedIn) return { kind: 'expired', to: loginUrl(location) };
  }
  if (meta.agent && !user?.isAgent) return { kind: 'redirect', to: '/' };
  if (meta.module) {
    if (!site) return { kind: 'wait' };
    const enabled =
      meta.module === 'games'
        ? site.gamesEnabled === true
        : meta.module === 'yuebao'
          ? site.yuebaoEnable === true
          : liveVisible(site);
    if (!enabled) return { kind: 'redirect', to: '/home' };
  }
  if (!online && !meta.tab) return { kind: 'offline' };
  return { kind: 'allow' };
}
