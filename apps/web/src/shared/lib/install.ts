/**
 * The installable app (issue 15, docs/pwa.md): Chromium's install prompt, caught as soon as the
 * browser offers it and kept for the download page's 添加到主屏幕 button, and the service worker
 * (public/sw.js) registered once the shell is idle.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
/** The page asked once: Chromium offers again right after a dismissal, but one ask per visit is enough. */
let asked = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Start listening for the browser's install offer (call once, early: it fires once per load). */
export function catchInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // the download page asks, not a banner of the browser's
    if (asked) return;
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

export function canPromptInstall(): boolean {
  return deferred !== null;
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Show the browser's install dialog; true when the player accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  asked = true;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** Opened from the home screen (standalone) rather than in a browser tab. */
export function isInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Register public/sw.js (built apps only: the dev server has no hashed bundles to keep). */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

export type InstallPlatform = 'ios' | 'android' | 'desktop';

/** Which instructions to show: iOS Safari adds to the home screen from its share sheet only. */
export function installPlatform(userAgent: string): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}
