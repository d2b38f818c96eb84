import type { SiteConfig } from '../shared/stores/site';

/**
 * App-download sheet counter rules (spec/platform.md §2): shown on the home page when app download
 * and the custom popup are enabled, outside a webview, once: only while the counter is 0 and the
 * app-link flag is unset. Showing sets the counter to 1; closing without continuing sets it to 2.
 */
export const COUNTER_SHOWN = 1;
export const COUNTER_CLOSED = 2;

export function shouldShowDownloadSheet(input: {
  site: SiteConfig | undefined;
  webview: boolean;
  counter: number;
  appLink: boolean;
}): boolean {
  const { site } = input;
  if (!site?.appDownload || !site.customPopUpWindow) return false;
  if (input.webview) return false;
  return input.counter === 0 && !input.appLink;
}
