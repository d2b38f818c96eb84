import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

/**
 * Server clock offset (spec/platform.md §9, betting.md §4): up to 5 samples of
 * betting/getServerTimeMillisecond, a sample whose round trip exceeds 1000 ms is rejected, the
 * value must be a 13-digit number, and the sample with the lowest round trip wins. The offset
 * (server - local, ms) is stored as `Difftime`.
 */
export const MAX_SAMPLES = 5;
export const MAX_ROUND_TRIP_MS = 1000;

export interface ClockDeps {
  /** One call; resolves with the raw 13-digit string the server sent. */
  fetchServerTime(): Promise<string>;
  now(): number;
}

export function isThirteenDigits(value: unknown): value is string {
  return typeof value === 'string'
    ? /^\d{13}$/.test(value)
    : typeof value === 'number' && /^\d{13}$/.test(String(value));
}

export async function measureOffset(deps: ClockDeps): Promise<number | undefined> {
  let best: { roundTrip: number; offset: number } | undefined;
  for (let i = 0; i < MAX_SAMPLES; i++) {
    const sent = deps.now();
    let raw: string;
    try {
      raw = await deps.fetchServerTime();
    } catch {
      continue;
    }
    const received = deps.now();
    const roundTrip = received - sent;
    if (roundTrip > MAX_ROUND_TRIP_MS || !isThirteenDigits(raw)) continue;
    const offset = Number(raw) + roundTrip / 2 - received;
    if (!best || roundTrip < best.roundTrip) best = { roundTrip, offset: Math.round(offset) };
    // A fast answer is as good as it gets; further samples only cost time.
    if (roundTrip < 50) break;
  }
  return best?.offset;
}

export function storeOffset(offset: number): void {
  writeJson(STORAGE_KEYS.difftime, offset);
}

export function storedOffset(): number | undefined {
  const value = readJson<unknown>(STORAGE_KEYS.difftime);
  return typeof value === 'number' ? value : undefined;
}

/** Server time now, using the stored offset (0 before the first sync). */
export function serverNow(): number {
  return Date.now() + (storedOffset() ?? 0);
}
