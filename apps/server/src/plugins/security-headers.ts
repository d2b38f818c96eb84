import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Browser security headers on every response. The policy fits the built web app: scripts, styles,
 * fonts and calls from our own origin; the chat WebSocket on our host; images from us and data:
 * URLs; frames of https pages (the in-app support line, supportOpenMethod 1, is the operator's
 * vendor, configured in the database at run time).
 *
 * Framing: our own origin may frame any page (an html support page under our origin); other sites
 * may frame only the embedded chat pages, and only the operator's CHAT_EMBED_ORIGINS. The route test
 * (e2e/csp.e2e.ts) opens every web route in Chromium and fails on any violation, so this policy and
 * the app stay in step.
 *
 * Speed (issue 10): @fastify/helmet writes the headers, but once per distinct input — the Host (for
 * ws:/wss:) and whether the page is an embedded chat page — on a private instance; every reply gets
 * the kept set with one call. Helmet per reply rebuilt and re-validated all of them for every
 * answer, 7 % of the CPU of a cached read.
 *
 * API answers (JSON) are data, not documents: they get `API_HEADERS` instead (no content, no
 * framing, no sniffing, no cross-origin reads: OWASP's REST headers), four short headers where the
 * document set is eleven. Written for every answer, the document set was ~13 % of a cached read's
 * throughput (bench/api/reads.ts); a policy for scripts, styles and the referrer says nothing to
 * a fetch() answer.
 */

/** Pages other sites embed: guest chat rooms and account-mode chat (spec/platform.md §1 Chat). */
const EMBEDDED_CHAT = /^\/(chatGuest|chat)\//;
/** A Host header we are willing to copy into the policy: a name or IPv4 and an optional port. */
const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;
/** 180 days: long enough to matter, short enough to undo a TLS mistake within a season. */
const HSTS_MAX_AGE_S = 15_552_000;
/**
 * Header sets kept: an operator serves a handful of host names; the Host header is the client's,
 * so a flood of invented names must not grow memory (past the bound the map starts over).
 */
export const HEADER_SETS_KEPT = 64;

export interface SecurityHeaderOptions {
  /** Behind TLS (COOKIE_SECURE): HSTS on, mixed content upgraded. */
  secure: boolean;
  /** CHAT_EMBED_ORIGINS: who may frame the embedded chat pages. */
  chatEmbedOrigins: readonly string[];
  /** CSP sources (`sha256-...`) of the web build's inline styles, the first screens' CSS (static.ts). */
  styleHashes?: readonly string[];
}

export type HeaderSet = Readonly<Record<string, string>>;

/**
 * What a JSON answer carries: a policy that runs nothing and may be framed by no one (were it
 * opened as a page), no MIME sniffing, and no reads from other sites' pages (CORS requests are
 * unaffected). HSTS is added behind TLS.
 */
export const API_HEADERS: HeaderSet = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

export interface HeaderSets {
  /** The set for (host, embedded page): kept, or a promise while helmet is first asked. */
  (host: string | undefined, embedded: boolean): HeaderSet | Promise<HeaderSet>;
  /** Sets currently kept (for the bound's test). */
  size(): number;
  close(): Promise<void>;
}

/** Every header helmet writes; nothing else of the probe's answer is copied. */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The headers for (host, embedded page), each distinct pair asked of @fastify/helmet once: helmet
 * runs on a private instance that answers nothing else, and its headers are kept.
 */
export async function securityHeaderSets(options: SecurityHeaderOptions): Promise<HeaderSets> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, helmetOptions(options));
  probe.get('/*', async () => '');
  await probe.ready();

  const ask = async (host: string, embedded: boolean): Promise<HeaderSet> => {
    // an unsafe Host is asked as '_', which the policy function refuses (no ws: sources)
    const res = await probe.inject({
      method: 'GET',
      url: embedded ? '/chatGuest/0' : '/',
      headers: { host: host || '_' },
    });
    const set: Record<string, string> = {};
    for (const name of HELMET_HEADERS) {
      const value = res.headers[name];
      if (value !== undefined) set[name] = String(value);
    }
    // helmet leaves "'self' ;" where a source function gave nothing
    if (set['content-security-policy'])
      set['content-security-policy'] = set['content-security-policy'].replace(/\s+;/g, ';').trim();
    // X-Frame-Options can only say "same origin"; on the embedded pages the CSP names the partners
    if (embedded) delete set['x-frame-options'];
    return Object.freeze(set);
  };

  const kept = new Map<string, HeaderSet | Promise<HeaderSet>>();
  const sets = (host: string | undefined, embedded: boolean): HeaderSet | Promise<HeaderSet> => {
    const safeHost = host && SAFE_HOST.test(host) ? host : '';
    const key = `${embedded ? 'e' : 'p'}${safeHost}`;
    const found = kept.get(key);
    if (found) return found;
    if (kept.size >= HEADER_SETS_KEPT) kept.clear();
    const asked = ask(safeHost, embedded).then((set) => {
      if (kept.get(key) === asked) kept.set(key, set);
      return set;
    });
    kept.set(key, asked);
    return asked;
  };
  return Object.assign(sets, { size: () => kept.size, close: () => probe.close() });
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const sets = await securityHeaderSets(options);
  app.addHook('onClose', () => sets.close());
  const partners = options.chatEmbedOrigins.length > 0;
  const embedded = (url: string) => partners && EMBEDDED_CHAT.test(url.split('?')[0]!);
  const apiHeaders: HeaderSet = options.secure
    ? Object.freeze({ ...API_HEADERS, 'strict-transport-security': `max-age=${HSTS_MAX_AGE_S}` })
    : API_HEADERS;

  // on the way out, when the answer's type is known: JSON gets the API set, anything else (pages,
  // pictures, files, redirects) the document set
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.headers(apiHeaders);
      return done(null, payload);
    }
    const set = sets(request.headers.host, embedded(request.url));
    if (!(set instanceof Promise)) {
      reply.headers(set);
      return done(null, payload);
    }
    set.then((s) => {
      reply.headers(s);
      done(null, payload);
    }, done);
  });
}

/** Our policy for helmet: its defaults, our CSP, framing and referrer rules, HSTS behind TLS. */
function helmetOptions({
  secure,
  chatEmbedOrigins,
  styleHashes = [],
}: SecurityHeaderOptions): FastifyHelmetOptions {
  const embedded = (url: string | undefined) =>
    chatEmbedOrigins.length > 0 && EMBEDDED_CHAT.test((url ?? '/').split('?')[0]!);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        // the HTML's one inline <style> (the first screens' CSS), by its hash: no other inline style
        'style-src': ["'self'", ...styleHashes.map((hash) => `'${hash}'`)],
        // style="" attributes in server-rendered markup (React writes a component's inline styles
        // there; in the browser it sets them through the DOM, which CSP does not govern). An
        // attribute cannot run script or load from another origin (img-src and font-src still
        // apply); <style> elements stay held to the hashes above.
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        // the chat WebSocket on our own host (checked first: a forged Host never reaches the policy)
        'connect-src': [
          "'self'",
          (req) => {
            const host = req.headers.host;
            return host && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
          },
        ],
        'frame-src': ["'self'", 'https:'],
        'media-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'", (req) => (embedded(req.url) ? chatEmbedOrigins.join(' ') : '')],
        ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: secure ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
  };
}
