/**
 * Times as the operator reads them: Beijing time (DESIGN.md §4), whatever the browser's zone.
 * Epoch milliseconds in, `2026-11-29 09:05:03` out.
 */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined) return '—';
  return new Date(epochMs + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A `datetime-local` field's value (`2026-11-29T09:05`) read as Beijing time; undefined when empty or malformed. */
export function beijingInputToEpoch(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0) - BEIJING_OFFSET_MS;
}
