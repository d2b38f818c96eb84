import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Browser security headers on every response, through @fastify/helmet. The policy fits the built
 * web app: scripts, styles, fonts and calls from our own origin; the chat WebSocket on our host;
 * images from us and data: URLs; frames of https pages (the in-app support line, supportOpenMethod 1,
 * is the operator's vendor, configured in the database at run time).
 *
 * Framing: our own origin may frame any page (an html support page under our origin); other sites
 * may frame only the embedded chat pages, and only the operator's CHAT_EMBED_ORIGINS. The route test
 * (e2e/csp.e2e.ts) opens every web route in Chromium and fails on any violation, so this policy and
 * the app stay in step.
 */

/** Pages other sites embed: guest chat rooms and account-mode chat (spec/platform.md §1 Chat). */
const EMBEDDED_CHAT = /^\/(chatGuest|chat)\//;
/** A Host header we are willing to copy into the policy: a name or IPv4 and an optional port. */
const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;
/** 180 days: long enough to matter, short enough to undo a TLS mistake within a season. */
const HSTS_MAX_AGE_S = 15_552_000;

export interface SecurityHeaderOptions {
  /** Behind TLS (COOKIE_SECURE): HSTS on, mixed content upgraded. */
  secure: boolean;
  /** CHAT_EMBED_ORIGINS: who may frame the embedded chat pages. */
  chatEmbedOrigins: readonly string[];
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  { secure, chatEmbedOrigins }: SecurityHeaderOptions,
): Promise<void> {
  const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0]!;
  const embedded = (req: IncomingMessage) => chatEmbedOrigins.length > 0 && EMBEDDED_CHAT.test(pathOf(req));

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", (req) => webSocketSources(req.headers.host)],
        'frame-src': ["'self'", 'https:'],
        'media-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'", (req) => (embedded(req) ? chatEmbedOrigins.join(' ') : '')],
        ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: secure ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
  });

  // X-Frame-Options can only say "same origin"; on the embedded pages the CSP rule names the partners.
  app.addHook('onRequest', async (request, reply) => {
    if (embedded(request.raw)) reply.raw.removeHeader('X-Frame-Options');
  });
}

/** ws:// and wss:// of the host the browser asked for, when the Host header is a plain host. */
function webSocketSources(host: string | undefined): string {
  if (!host || !SAFE_HOST.test(host)) return '';
  return `ws://${host} wss://${host}`;
}
