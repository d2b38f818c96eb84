import { useSyncExternalStore } from 'react';
import { serverNow } from '../../../shared/api/server-time';

/**
 * Server time, ticking once a second: one timer for every countdown on the screen (a hall shows
 * dozens of cards, the play page one bar). A tick re-renders only the components that read it,
 * never the grid or the betting screen around them.
 */
const tick = { now: serverNow(), timer: undefined as ReturnType<typeof setInterval> | undefined };
const tickListeners = new Set<() => void>();

function subscribeTick(listener: () => void): () => void {
  tickListeners.add(listener);
  if (!tick.timer) {
    tick.now = serverNow();
    tick.timer = setInterval(() => {
      tick.now = serverNow();
      for (const notify of tickListeners) notify();
    }, 1000);
  }
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0) {
      clearInterval(tick.timer);
      tick.timer = undefined;
    }
  };
}

/** Nothing is read from the clock while a page is drawn on the server or hydrated. */
const unknownTime = () => undefined;

/**
 * The server clock in ms, as of the last tick; undefined while the page is drawn on the server and
 * hydrated (a countdown is the browser's: a page kept for two seconds would show a stale one).
 */
export function useServerSecond(): number | undefined {
  return useSyncExternalStore(subscribeTick, () => tick.now, unknownTime);
}

/**
 * A value read from the server clock on each tick; the component re-renders only when it changes
 * (compared with Object.is, so `read` should give a string, number or boolean). Undefined on the
 * server and while hydrating, like useServerSecond.
 */
export function useServerClockValue<T>(read: (now: number) => T): T | undefined {
  return useSyncExternalStore(subscribeTick, () => read(tick.now), unknownTime);
}
