import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_WEB_DIST } from '../paths';

/**
 * The operator console (apps/console, built by Vite into apps/console/dist) under /console/:
 * hashed bundles from /console/assets/, and the console's index.html for every other GET under
 * /console/ (its router's client-side routes), never for the console's API (/console/api/, the
 * other plugin's routes: an unknown call there answers the envelope's NOT_FOUND) and never for a
 * missing file (a path with an extension answers 404).
 *
 * The console's pages carry a policy of their own, stricter than the player app's
 * (security-headers.ts): scripts from this origin only, no framing at all, no referrer to other
 * sites (the enrolment link carries its token in the query), and styles from this origin plus the <style>
 * elements that carry this answer's nonce. antd 6 writes its styles at run time (CSS-in-JS) as
 * <style> elements; each copy of index.html gets a fresh nonce, in its CSP header and in its
 * `<meta property="csp-nonce">`, which the console hands to antd (ConfigProvider `csp`) and to
 * rc-util (apps/console/vite.config.ts). docs/console.md "Serving and CSP" says why not
 * 'unsafe-inline'.
 *
 * index.html is never stored (`no-store`: its nonce is for one answer); hashed assets are cached
 * for a year. The build directory is apps/console/dist, or CONSOLE_DIST (tests and the e2e stack
 * serve a build of their own). Without a build, /console/ answers a 404 page that says how to build.
 */

export const CONSOLE_PREFIX = '/console';
/** apps/console/dist, beside the web app's dist (paths.ts holds for the sources and the server's build). */
export const DEFAULT_CONSOLE_DIST = join(DEFAULT_WEB_DIST, '..', '..', 'console', 'dist');
/** What Vite writes where the nonce goes (apps/console/vite.config.ts `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = '__CONSOLE_CSP_NONCE__';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const API_PATH = /^\/console\/api(?:\/|$)/;
/** A file name (an extension after the last slash): missing, not a route of the console. */
const FILE_PATH = /\/[^/]*\.[a-z0-9]+$/i;

export interface ConsoleStaticOptions {
  /** The console's build (config CONSOLE_DIST); apps/console/dist when absent. */
  dist?: string;
  /** Behind TLS (COOKIE_SECURE): mixed content upgraded (HSTS comes from security-headers.ts). */
  secure?: boolean;
}

/** The console's Content-Security-Policy for a page whose <style> elements carry `nonce`. */
export function consolePolicy(nonce: string | undefined, secure = false): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Headers of every console answer that is not JSON (security-headers.ts writes the rest before). */
const consoleHeaders = (nonce: string | undefined, secure: boolean) => ({
  'content-security-policy': consolePolicy(nonce, secure),
  'x-frame-options': 'DENY',
  // the enrolment link's token is in its query: no other site ever sees it as a referrer (our own
  // calls still carry it, and the console gate reads Origin or Referer on a POST)
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
});

export async function registerConsoleStatic(
  app: FastifyInstance,
  options: ConsoleStaticOptions = {},
): Promise<void> {
  const dist = options.dist ?? DEFAULT_CONSOLE_DIST;
  const secure = options.secure ?? false;
  const indexFile = join(dist, 'index.html');
  // the HTML around its nonce, read once: a console release restarts the server
  const template = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').split(CSP_NONCE_PLACEHOLDER)
    : null;
  const nonces = new WeakMap<FastifyRequest, string>();

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The console is not built: npm run build -w @lottery/console');
    }
    const nonce = randomBytes(18).toString('base64');
    nonces.set(request, nonce);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(template.join(nonce));
  };

  await app.register(
    async (scope) => {
      // after the app-wide security headers (a parent's onSend runs first): the console's own policy
      scope.addHook('onSend', async (request, reply, payload) => {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('application/json')) return payload;
        reply.headers(consoleHeaders(nonces.get(request), secure));
        return payload;
      });
      if (template && existsSync(join(dist, 'assets'))) {
        await scope.register(fastifyStatic, {
          root: join(dist, 'assets'),
          prefix: '/assets/',
          decorateReply: false,
          wildcard: true,
          index: false,
          dotfiles: 'ignore',
          setHeaders: (res) => res.header('cache-control', IMMUTABLE),
        });
      }
      scope.setNotFoundHandler((request, reply) => {
        if (API_PATH.test(request.url)) return notFoundCall(reply);
        return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      });
      // `/console` and `/console/` (the prefix with and without its slash), then every client route
      scope.get('/', sendIndex);
      scope.get('/*', (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        if (API_PATH.test(path)) return notFoundCall(reply);
        if (FILE_PATH.test(path))
          return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
        return sendIndex(request, reply);
      });
    },
    { prefix: CONSOLE_PREFIX },
  );
}

/** An unknown console call: the envelope's NOT_FOUND, as an unknown /v1 call answers. */
function notFoundCall(reply: FastifyReply) {
  return reply.status(404).send({ code: Codes.NOT_FOUND.code, msg: Codes.NOT_FOUND.msg });
}
