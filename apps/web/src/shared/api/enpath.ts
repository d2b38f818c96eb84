import { encodeEnpath } from '@lottery/contract/enpath';

/**
 * The web client always calls `/v1/enpath/{base64 of the path after /v1/}` (DESIGN.md §4), e.g.
 * `users/login` -> `/v1/enpath/dXNlcnMvbG9naW4=`. The query string stays outside the encoding.
 */
export function encodePath(path: string): string {
  return encodeEnpath(path.replace(/^\/+/, '').replace(/^v1\//, ''));
}

export function enpathUrl(
  path: string,
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const url = `/v1/enpath/${encodePath(path)}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}
