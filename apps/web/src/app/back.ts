import type { RouteMeta } from './route-meta';

/**
 * Where the header's back arrow goes (spec/platform.md §2 "Header and back arrow", betting.md §2):
 * history back when a `back` query exists; else the route named by the `from` param, stored value
 * or query; from chat to the chat list or private chat list; /home from login and find; else the
 * route's parent; else /home.
 */
export interface BackInput {
  pathname: string;
  search: string;
  /** Route params, e.g. { from } on paths that carry it. */
  params?: Record<string, string | undefined>;
  /** The stored origin (localStorage backFrom), if a page set one. */
  storedFrom?: string;
  meta?: RouteMeta;
}

export type BackAction = { kind: 'history' } | { kind: 'navigate'; to: string };

/** A route name ('userCenter') or path ('/userCenter?x=1') to a safe internal path. */
export function routeNamed(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return undefined;
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (path.startsWith('//') || path.includes('://')) return undefined;
  return path;
}

export function backAction({ pathname, search, params, storedFrom, meta }: BackInput): BackAction {
  const query = new URLSearchParams(search);
  if (query.has('back')) return { kind: 'history' };
  for (const candidate of [params?.from, storedFrom, query.get('from') ?? undefined]) {
    const to = candidate ? routeNamed(candidate) : undefined;
    if (to) return { kind: 'navigate', to };
  }
  if (pathname.startsWith('/chatGuest/')) return { kind: 'navigate', to: '/chatList' };
  if (pathname.startsWith('/chat/')) return { kind: 'navigate', to: '/chatUserList' };
  if (pathname === '/login' || pathname === '/find') return { kind: 'navigate', to: '/home' };
  if (meta?.parent) return { kind: 'navigate', to: meta.parent };
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length > 1) return { kind: 'navigate', to: `/${segments.slice(0, -1).join('/')}` };
  return { kind: 'navigate', to: '/home' };
}
