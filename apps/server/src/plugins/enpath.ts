import { decodeEnpath, ENPATH_PREFIX } from '@lottery/contract/enpath';

/** Where an undecodable enpath is routed: no route matches it, so it answers NOT_FOUND. */
export const BAD_ENPATH = '/v1/__bad_enpath__';

/**
 * Fastify's rewriteUrl: /v1/enpath/{base64 or base64url of path}?q -> /v1/{path}?q, before routing.
 */
export function rewriteEnpath(url: string): string {
  if (!url.startsWith(ENPATH_PREFIX)) return url;
  const rest = url.slice(ENPATH_PREFIX.length);
  const q = rest.indexOf('?');
  const segment = q === -1 ? rest : rest.slice(0, q);
  const query = q === -1 ? '' : rest.slice(q);
  const path = decodeEnpath(segment);
  return path === undefined ? BAD_ENPATH : `/v1/${path}${query}`;
}
