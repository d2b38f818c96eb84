import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Cross-site request refusal (issue 9 item 9). The session cookie is SameSite=Lax, which already
 * keeps it off most cross-site POSTs; this is the second wall, for what Lax lets through (a sibling
 * sub-domain is "same site", old browsers ignore SameSite).
 *
 * A state-changing request (POST, PUT, PATCH, DELETE) is refused when its Origin, or its Referer
 * when Origin is absent, names a host other than the one it was sent to and is not on the
 * operator's ALLOWED_ORIGINS list. A request with neither header goes through: browsers always send
 * Origin on cross-origin POSTs, so such a request is not a page on another site riding the player's
 * cookie; it is curl, a server-to-server call or a payment provider's callback, each of which proves
 * itself another way (no cookie, or a signature).
 *
 * Only the host is compared for our own site, not the scheme: behind a TLS-terminating balancer
 * without TRUST_PROXY the request looks like http while the page is https. ALLOWED_ORIGINS entries
 * are whole origins (scheme, host, port), compared exactly.
 *
 * Outside production, pages on a loopback host (localhost, 127.0.0.1, [::1]) at any port are ours
 * too: the Vite dev server and `vite preview` proxy the API from another port and rewrite Host.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a refused request is told: code -2 in the spec's style, HTTP 403. */
export const FOREIGN_ORIGIN_MSG = '请求来源不受信任，请在本站页面内操作';

/** The origin (scheme://host[:port]) a header value names, or null when it names none ("null", junk). */
function originOf(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Normalise the operator's list ("https://m.example.com/", "HTTPS://M.EXAMPLE.COM") to origins. */
export function normaliseOrigins(list: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const entry of list) {
    const url = originOf(entry);
    if (url) set.add(url.origin);
  }
  return set;
}

/**
 * Whether the page that sent this request may change state here. `true` when no Origin or Referer
 * is present (not a browser page, see above).
 */
export function sourceAllowed(
  request: FastifyRequest,
  allowed: ReadonlySet<string>,
  allowLoopback = false,
): boolean {
  const header = request.headers.origin ?? request.headers.referer;
  if (header === undefined) return true;
  const source = originOf(header);
  if (!source) return false;
  if (allowLoopback && LOOPBACK.has(source.hostname)) return true;
  return source.host === ownHost(request) || allowed.has(source.origin);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host the request was sent to, without a default port (URL.host drops those too). */
function ownHost(request: FastifyRequest): string {
  return request.host.toLowerCase().replace(/:(80|443)$/, '');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the request's Origin (or Referer) is ours or on the operator's allow-list. */
    sourceAllowed(request: FastifyRequest): boolean;
  }
}

/** Refuse state-changing requests sent from another site's pages. */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { allowedOrigins: readonly string[]; production: boolean },
): void {
  const allowed = normaliseOrigins(options.allowedOrigins);
  const allowLoopback = !options.production;
  // The chat socket (realtime/gateway.ts) asks the same question when it upgrades.
  app.decorate('sourceAllowed', (request: FastifyRequest) => sourceAllowed(request, allowed, allowLoopback));
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (sourceAllowed(request, allowed, allowLoopback)) return;
    request.log.warn(
      { origin: request.headers.origin, referer: request.headers.referer, url: request.url },
      'refused a state-changing request from a foreign origin',
    );
    return reply.code(403).send({ code: Codes.INVALID_PARAM.code, msg: FOREIGN_ORIGIN_MSG });
  });
}
