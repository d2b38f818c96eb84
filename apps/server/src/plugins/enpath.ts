import { decodeEnpath, ENPATH_PREFIX } from '@lottery/contract/enpath';

/** Where an undecodable enpath is routed: no route matches it, so it answers NOT_FOUND. */
export const BAD_ENPATH = '/v1/__bad_enpath__';
/**
 * Decoded segments kept: the web calls a few dozen API paths; the URL is the client's, so invented
 * segments must not grow memory (past the bound the map starts over).
 */
export const ENPATHS_KEPT = 512;

export interface EnpathRewriter {
  (url: string): string;
  /** Segments currently kept (for the bound's test). */
  size(): number;
}

/**
 * /v1/enpath/{base64 or base64url of path}?q -> /v1/{path}?q. decodeEnpath is pure and the same few
 * segments come on every call, so each is decoded once (3 % of a cached read's CPU otherwise).
 */
export function enpathRewriter(
  decode: (segment: string) => string | undefined = decodeEnpath,
): EnpathRewriter {
  const kept = new Map<string, string>();
  const rewrite = (url: string): string => {
    if (!url.startsWith(ENPATH_PREFIX)) return url;
    const q = url.indexOf('?', ENPATH_PREFIX.length);
    const segment = q === -1 ? url.slice(ENPATH_PREFIX.length) : url.slice(ENPATH_PREFIX.length, q);
    const query = q === -1 ? '' : url.slice(q);
    let target = kept.get(segment);
    if (target === undefined) {
      const path = decode(segment);
      target = path === undefined ? BAD_ENPATH : `/v1/${path}`;
      if (kept.size >= ENPATHS_KEPT) kept.clear();
      kept.set(segment, target);
    }
    return target === BAD_ENPATH ? BAD_ENPATH : `${target}${query}`;
  };
  return Object.assign(rewrite, { size: () => kept.size });
}

/** Fastify's rewriteUrl, before routing. */
export const rewriteEnpath = enpathRewriter();
