import { ConsoleAuthApi, type ConsoleMe } from '@lottery/contract/console/auth';
import type { Permission } from '@lottery/contract/console/roles';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCall } from '../api/call';

/**
 * Who is signed in: the server's `me`, the one source of the role and its permissions the console
 * hides screens by (the server refuses a call whatever the console shows).
 */
export const meQuery = queryOptions({
  queryKey: ['console', 'me'] as const,
  queryFn: ({ signal }) => consoleCall(ConsoleAuthApi.me, undefined, { signal }),
  retry: false,
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** After a sign-in step answered `me`: the console is signed in without asking again. */
export function signedIn(client: QueryClient, me: ConsoleMe): void {
  client.setQueryData(meQuery.queryKey, me);
}

/** Forget every answer of the last session (sign-out, expiry): the next staff starts clean. */
export function signedOut(client: QueryClient): void {
  client.removeQueries();
}

/**
 * The sign-in page, and where to go after it: `next` is the page the staff member was on (a path
 * of the console's router); `expired` says the session ended (登录已过期，请重新登录).
 */
export function signInPath(next: string, expired = false): string {
  const params = new URLSearchParams();
  if (expired) params.set('expired', '1');
  if (next !== '/') params.set('next', next);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

export function can(me: ConsoleMe | undefined, permission: Permission): boolean {
  return me?.permissions.includes(permission) === true;
}
