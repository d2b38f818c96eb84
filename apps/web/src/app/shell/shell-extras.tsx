import { useEffect } from 'react';
import { MessageSocket } from '../../features/content/components/message-socket';
import { UnreadWatcher } from '../../features/content/components/unread-watcher';
import { registerServiceWorker } from '../../shared/lib/install';
import type { SiteConfig } from '../../shared/stores/site';
import { UpgradePrompt } from '../upgrade-prompt';
import { AppDownloadSheet } from './app-download-sheet';
import { MessagePopup } from './message-popup';
import { Telemetry } from './telemetry';
import { VersionCheck } from './version-check';

/**
 * What the shell does beside drawing the page: the app-download sheet on /home, the new-message
 * popup (fed by the player's account socket, with the unread poll as backstop), the version and
 * cache-stamp poll, route traces, the heartbeat and the service worker's registration. None of it is needed for the first screen, so
 * the shell loads this chunk once the browser is idle after first paint.
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
  return (
    <>
      {pathname === '/home' ? <AppDownloadSheet site={site} /> : null}
      <MessagePopup />
      <UnreadWatcher />
      <MessageSocket />
      <UpgradePrompt />
      <VersionCheck />
      <Telemetry title={title} />
    </>
  );
}
