/**
 * This browser's device id: a random id made once and kept in localStorage, sent by the API client
 * as X-Device-Id so that the console's players desk can show accounts signed in from one browser
 * (docs/console.md, "Risk signals"). It is not a fingerprint: nothing about the device is probed
 * (no canvas, fonts or hardware), and clearing the site's data makes a new id.
 */

export const DEVICE_ID_HEADER = 'X-Device-Id';
/** The web app's own key, not one of the spec's (shared/lib/storage.ts); the id as plain text. */
export const DEVICE_ID_KEY = 'deviceId';
/** What the server keeps (auth/routes.ts `deviceIdOf`); a stored value of another shape is replaced. */
const SHAPE = /^[A-Za-z0-9-]{8,64}$/;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** A UUID; plain http outside localhost has no randomUUID, but has getRandomValues (32 hex digits). */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The stored id, made and stored on first use. Undefined where nothing can be stored (the server's
 * renderer, storage blocked): an id that changes with every page names no device.
 */
export function deviceId(
  store: Store | null = typeof localStorage === 'undefined' ? null : localStorage,
  random: () => string = randomId,
): string | undefined {
  if (!store) return undefined;
  try {
    const stored = store.getItem(DEVICE_ID_KEY);
    if (stored !== null && SHAPE.test(stored)) return stored;
    const made = random();
    store.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    return undefined;
  }
}
