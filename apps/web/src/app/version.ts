/**
 * Front-end version check (spec/platform.md §4): when the server's frontVersion differs from the
 * stored one, a reminder counts down from 6 seconds (the first one after 3 s) and reloads.
 */
export const VERSION_FIRST_DELAY_MS = 3000;
export const VERSION_COUNTDOWN_S = 6;

export type VersionAction = 'remember' | 'none' | 'reload';

export function versionAction(
  stored: string | undefined,
  server: string | number | undefined,
): VersionAction {
  if (server === undefined || server === null || server === '') return 'none';
  if (stored === undefined) return 'remember';
  return String(server) === stored ? 'none' : 'reload';
}

/** Which cache stamps changed between two answers of getFrontCacheUpdatedAt. */
export function changedStamps<T extends object>(before: T | undefined, after: T): (keyof T)[] {
  if (!before) return [];
  return (Object.keys(after) as (keyof T)[]).filter((key) => String(before[key]) !== String(after[key]));
}
