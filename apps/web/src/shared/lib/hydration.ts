import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React draws a page on the server and while the browser hydrates it, true from the
 * next render on (and from the first render of a page the browser draws itself). What only the
 * browser knows (the stored player, the clock, the guard's verdict) waits for it, so the first
 * browser render matches the server's markup (docs/web.md "Server rendering").
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
