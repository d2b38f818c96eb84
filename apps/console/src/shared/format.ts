import { BEIJING_OFFSET_MS, beijingDateTime } from '@lottery/rules/beijing';

/**
 * Times as the operator reads them: Beijing time (DESIGN.md §4), whatever the browser's zone, from
 * the one Beijing clock the server and the player app use (packages/rules/src/beijing.ts).
 * Epoch milliseconds in, `2026-11-29 09:05:03` out.
 */
export function formatTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined) return '—';
  return beijingDateTime(epochMs);
}

/** A `datetime-local` field's value (`2026-11-29T09:05`) read as Beijing time; undefined when empty or malformed. */
export function beijingInputToEpoch(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0) - BEIJING_OFFSET_MS;
}
