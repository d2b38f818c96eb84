import * as original from '@rc-component/util/es/Dom/dynamicCSS';
import { cspNonce } from './csp-nonce';

/**
 * rc-util's dynamicCSS with the page's CSP nonce on every <style> it writes (vite.config.ts
 * sends the packages' imports of it here). Without it the scroll locker of a Modal or Drawer and
 * the scrollbar measure write <style> elements that the console's style-src refuses.
 */
type Options = NonNullable<Parameters<typeof original.injectCSS>[1]>;

const withNonce = (option: Options = {}): Options => {
  const nonce = option.csp?.nonce ?? cspNonce();
  return nonce ? { ...option, csp: { ...option.csp, nonce } } : option;
};

export const injectCSS = (css: string, option?: Options) => original.injectCSS(css, withNonce(option));

export const updateCSS = (css: string, key: string, option?: Options) =>
  original.updateCSS(css, key, withNonce(option));

export const removeCSS = original.removeCSS;
export const clearContainerCache = original.clearContainerCache;
