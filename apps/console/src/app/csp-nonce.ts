/**
 * The nonce the server gave this copy of the page (index.html's `<meta property="csp-nonce">`,
 * written by Vite from `html.cspNonce` and replaced per answer by the server). Its style-src names
 * it: antd's CSS-in-JS and rc-util put it on every <style> element they write. The browser hides
 * a nonce attribute from getAttribute; the `nonce` property still holds it.
 */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  // the dev server sends the placeholder as it is, with no CSP to match it
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
}
