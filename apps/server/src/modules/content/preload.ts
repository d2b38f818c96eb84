import type { Db } from '../../db/client';
import { firstBannerImage } from './repo';

/** How long the first banner's address is reused before it is read again. */
const FIRST_BANNER_TTL_MS = 30_000;

/**
 * The first banner is the largest picture of the lottery hall's first screen (its LCP element,
 * issue 10). The HTML of a hall path names it in a `Link: rel=preload` header, so the browser
 * fetches it while the JavaScript loads instead of after the banner call has answered. A banner
 * changed by the operator is named within FIRST_BANNER_TTL_MS; a stale name only costs one fetch.
 * Only same-origin paths are named (the CSP allows no other image source to be preloaded).
 */
export function firstBannerPreload(db: Db, now: () => number) {
  const cache = new Map<number, { url: string | undefined; until: number }>();
  return async (tenantId: number): Promise<string | undefined> => {
    const hit = cache.get(tenantId);
    if (hit && hit.until > now()) return hit.url;
    const image = await firstBannerImage(db, tenantId);
    const url = image?.startsWith('/') && !image.startsWith('//') ? image : undefined;
    cache.set(tenantId, { url, until: now() + FIRST_BANNER_TTL_MS });
    return url;
  };
}
