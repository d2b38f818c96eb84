/** Facts about the browser the shell adapts to. Read at call time so tests can change them. */

export function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** Inside our own app's webview (the native shell adds `LotteryApp` to its user agent). */
export function isWebview(ua = userAgent()): boolean {
  return /LotteryApp|; wv\)/i.test(ua) || (typeof window !== 'undefined' && 'ReactNativeWebView' in window);
}

export function isIOS(ua = userAgent()): boolean {
  return /iPhone|iPad|iPod/i.test(ua);
}

export function isQQBrowser(ua = userAgent()): boolean {
  return /QQBrowser/i.test(ua);
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine !== false;
}
