import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { startHeartbeat, traceRoute } from '../../shared/api/telemetry';
import { useUserStore } from '../../shared/stores/user';

/** Route traces on every route change; the heartbeat while a user is logged in. */
export function Telemetry({ title }: { title: string }) {
  const { pathname } = useLocation();
  const user = useUserStore((s) => s.user);
  const loggedIn = user?.login === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one trace per route change, not per title/user change
  useEffect(() => {
    traceRoute(title, pathname, user?.userId);
  }, [pathname]);

  useEffect(() => (loggedIn ? startHeartbeat() : undefined), [loggedIn]);
  return null;
}
