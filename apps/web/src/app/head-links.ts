/**
 * The install manifest and the home-screen icon (docs/pwa.md). The page's icon is in the HTML, as a
 * data: URL (`lottery:inline-icon` in vite.config.ts): without one, Chromium asks for /favicon.ico.
 */
const APP_LINKS: readonly { rel: string; href: string; type?: string }[] = [
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/pwa/icon-192.png' },
];

/**
 * Adds the app's links to the head, once the first screen is drawn (main.tsx): in the HTML they
 * were fetched on two of the phone's six connections beside the page's scripts (issue 10).
 */
export function addAppLinks(head: HTMLElement = document.head): void {
  for (const { rel, href, type } of APP_LINKS) {
    if (head.querySelector(`link[rel="${rel}"]`)) continue;
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (type) link.type = type;
    head.append(link);
  }
}
