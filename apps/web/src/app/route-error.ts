/**
 * What a route's page does when it cannot load (issue 20, spec/platform.md §8 "当前网络不可用"):
 * a lazy page is a JavaScript chunk plus its CSS; offline, or after a new deployment removed the
 * old chunks, the import fails. Pure decision, unit-tested; `RouteError` renders it.
 */
export type RouteFailure =
  /** Offline: say 当前网络不可用，请检查网络后重试 and offer a retry. */
  | { kind: 'offline' }
  /** Online but the chunk is gone (a new deployment): reload once to get the new index. */
  | { kind: 'reload' }
  /** A chunk failed again right after a reload, or anything else: a message and a retry. */
  | { kind: 'failed' };

/** Reloading again within this window would loop: show the failure instead. */
export const RELOAD_GUARD_MS = 10_000;

const CHUNK_ERRORS = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
  'Failed to load module script',
];

export function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return CHUNK_ERRORS.some((text) => message.includes(text));
}

export function routeFailure(
  error: unknown,
  online: boolean,
  lastReloadMs: number | undefined,
  nowMs: number,
): RouteFailure {
  if (!online) return { kind: 'offline' };
  if (!isChunkError(error)) return { kind: 'failed' };
  if (lastReloadMs !== undefined && nowMs - lastReloadMs < RELOAD_GUARD_MS) return { kind: 'failed' };
  return { kind: 'reload' };
}
