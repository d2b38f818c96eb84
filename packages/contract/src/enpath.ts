/**
 * Every API path may travel as /v1/enpath/{base64 of the path after /v1/}. The web encodes with
 * standard base64 (padded); the server accepts standard and url-safe alphabets, padded or not.
 */
export const ENPATH_PREFIX = '/v1/enpath/';

const SAFE_PATH = /^[A-Za-z0-9_\-./]+$/;

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** 'users/login' -> 'dXNlcnMvbG9naW4='. */
export function encodeEnpath(path: string): string {
  return bytesToBase64(new TextEncoder().encode(path.replace(/^\/+/, '')));
}

/** Full URL path for an API path, query string kept outside the encoded part. */
export function enpathUrl(path: string): string {
  const q = path.indexOf('?');
  const bare = q === -1 ? path : path.slice(0, q);
  const query = q === -1 ? '' : path.slice(q);
  return `${ENPATH_PREFIX}${encodeEnpath(bare)}${query}`;
}

/** The encoded segment of an API path as the web writes it: a leading `/` or `v1/` is dropped. */
export function encodeCallPath(path: string): string {
  return encodeEnpath(path.replace(/^\/+/, '').replace(/^v1\//, ''));
}

/**
 * An API call's URL exactly as the web sends it: the encoded path (a leading `/` or `v1/` dropped),
 * then the query's defined values in the order given. A `Link` preload the server names must be
 * this string to the byte, or the browser fetches the call a second time.
 */
export function callUrl(path: string, query?: Record<string, string | number | boolean | undefined>): string {
  const url = `${ENPATH_PREFIX}${encodeCallPath(path)}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * Decode an enpath segment to the API path (no leading slash). Returns undefined when the segment
 * is not base64 or the decoded path is not a plain API path (no '..', no odd characters).
 */
export function decodeEnpath(segment: string): string | undefined {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal) || normal.length === 0) return undefined;
  const stripped = normal.replace(/=+$/, '');
  if (stripped.length % 4 === 1) return undefined;
  const padded = stripped + '='.repeat((4 - (stripped.length % 4)) % 4);
  let path: string;
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    path = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  path = path.replace(/^\/+/, '');
  if (!SAFE_PATH.test(path) || path.split('/').some((part) => part === '..' || part === '.'))
    return undefined;
  return path;
}
