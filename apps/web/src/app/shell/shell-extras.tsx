import { lazy, useEffect } from 'react';
import { registerServiceWorker } from '../../shared/lib/install';
import type { SiteConfig } from '../../shared/stores/site';
import { useUserStore } from '../../shared/stores/user';
import { QuietBoundary } from '../../shared/ui/quiet-boundary';
import { AppDownloadSheet } from './app-download-sheet';
import { Telemetry } from './telemetry';
import { VersionCheck } from './version-check';

const MemberExtras = lazy(() => import('./member-extras'));

/**
 * What the shell does beside drawing the page: the app-download sheet on /home, the version and
 * cache-stamp poll, route traces, the heartbeat and the service worker's registration, and for a
 * signed-in player the new-message popup and the VIP upgrade prompt (member-extras.tsx). None of it
 * is needed for the first screen, so the shell loads this chunk once the browser is idle after
 * first paint.
 */
export default function ShellExtras({
  site,
  title,
  pathname,
}: {
  site: SiteConfig | undefined;
  title: string;
  pathname: string;
}) {
  // the installable app's offline shell (public/sw.js), once the first screen is up
  useEffect(registerServiceWorker, []);
  const signedIn = useUserStore((s) => Boolean(s.user?.login));
  return (
    <>
      {pathname === '/home' ? <AppDownloadSheet site={site} /> : null}
      {signedIn ? (
        <QuietBoundary>
          <MemberExtras />
        </QuietBoundary>
      ) : null}
      <VersionCheck />
      <Telemetry title={title} />
    </>
  );
}
