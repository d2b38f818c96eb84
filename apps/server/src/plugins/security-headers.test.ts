import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { testApp, testConfig } from '../test/app';
import { API_HEADERS, HEADER_SETS_KEPT, securityHeaderSets } from './security-headers';

/** Browser security headers on every response (issue 19 item 5), as a browser would read them. */
const webDist = mkdtempSync(join(tmpdir(), 'lottery-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
const PARTNERS = 'https://partner.example.com,https://*.chat.example.net';

let plain: FastifyInstance;
let secure: FastifyInstance;

beforeAll(async () => {
  plain = (await testApp({ config: testConfig({ WEB_DIST: webDist, CHAT_EMBED_ORIGINS: PARTNERS }) })).app;
  secure = (await testApp({ config: testConfig({ WEB_DIST: webDist, COOKIE_SECURE: 'true' }) })).app;
}, 60_000);

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** The policy as a map of directive -> sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const get = (app: FastifyInstance, url: string, host = 'm.example.com') =>
  app.inject({ method: 'GET', url, headers: { host } });

describe('security headers', () => {
  it('serves a policy of our own origin, the WebSocket of our host and data: images, on pages and files', async () => {
    for (const url of ['/home', '/login', '/static/nothing.png', '/assets/gone-1234.js']) {
      const res = await get(plain, url);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('style-src'), url).toEqual(["'self'"]);
      // server-rendered markup's style="" attributes; <style> elements stay held to style-src
      expect(policy.get('style-src-attr'), url).toEqual(["'unsafe-inline'"]);
      expect(policy.get('connect-src'), url).toEqual(["'self'", 'ws://m.example.com', 'wss://m.example.com']);
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:']);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('gives API answers (JSON, errors too) the API set: nothing runs, nothing frames, nothing sniffs', async () => {
    const urls = [
      '/v1/betting/getServerTimeMillisecond',
      '/v1/no/such/call',
      '/healthz',
      '/chatGuest/../v1/x',
    ];
    for (const url of urls) {
      const res = await get(plain, url);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      const security = securityOnly(res.headers);
      expect(security, url).toMatchObject(API_HEADERS);
      expect(csp(res.headers['content-security-policy']).get('default-src'), url).toEqual(["'none'"]);
      for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'strict-transport-security'])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    const behindTls = await get(secure, '/v1/betting/getServerTimeMillisecond');
    expect(securityOnly(behindTls.headers)).toMatchObject({
      ...API_HEADERS,
      'strict-transport-security': 'max-age=15552000',
    });
  });

  it('lets only the configured partner domains frame the embedded chat pages', async () => {
    for (const url of ['/chatGuest/3?guestCode=g1', '/chat/7?account=a1']) {
      const res = await get(plain, url);
      expect(res.statusCode, url).toBe(200);
      expect(csp(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        "'self'",
        'https://partner.example.com',
        'https://*.chat.example.net',
      ]);
      // X-Frame-Options cannot name other sites; the CSP rule above speaks for these pages
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    for (const url of ['/chatList', '/chatGuestbook', '/login']) {
      const res = await get(plain, url);
      expect(csp(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'self'"]);
    }
  });

  it('frames nothing from elsewhere when no partner is configured', async () => {
    const res = await get(secure, '/chatGuest/3');
    expect(csp(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('adds HSTS and upgrades requests when cookies are secure (behind TLS)', async () => {
    const res = await get(secure, '/home');
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    expect(
      csp((await get(plain, '/home')).headers['content-security-policy']).has('upgrade-insecure-requests'),
    ).toBe(false);
  });

  it('never copies a forged Host header into the policy', async () => {
    const res = await get(plain, '/home', "evil.example; script-src 'unsafe-inline'");
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('refuses a partner entry that is not an http(s) origin', () => {
    expect(() => loadConfig({ CHAT_EMBED_ORIGINS: 'https://ok.example.com,javascript:alert(1)' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ CHAT_EMBED_ORIGINS: "https://a.example.com 'unsafe-inline'" })).toThrow(
      ConfigError,
    );
    expect(
      loadConfig({ CHAT_EMBED_ORIGINS: ' https://a.example.com , https://*.b.example.com:8443 ' })
        .CHAT_EMBED_ORIGINS,
    ).toEqual(['https://a.example.com', 'https://*.b.example.com:8443']);
  });
});

/**
 * The policy as it was configured through @fastify/helmet (per-request functions for the Host and
 * the embedded pages). The precomputed headers must say exactly what helmet said, header for header.
 */
async function helmetReference(secure: boolean, chatEmbedOrigins: string[]): Promise<FastifyInstance> {
  const app = Fastify();
  const embedded = (url: string | undefined) =>
    chatEmbedOrigins.length > 0 && /^\/(chatGuest|chat)\//.test((url ?? '/').split('?')[0]!);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': [
          "'self'",
          (req) => {
            const host = req.headers.host;
            return host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? `ws://${host} wss://${host}` : '';
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
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (embedded(request.raw.url)) reply.raw.removeHeader('X-Frame-Options');
  });
  app.get('/*', async () => ({ ok: true }));
  return app;
}

/** Security headers of an answer, CSP whitespace normalised (helmet leaves "'self' " when a source is empty). */
function securityOnly(headers: Record<string, unknown>): Record<string, string> {
  const drop = new Set(['content-type', 'content-length', 'date', 'connection', 'vary', 'content-encoding']);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (drop.has(name) || name.startsWith('access-control') || name.startsWith('x-ratelimit')) continue;
    out[name] =
      name === 'content-security-policy' ? String(value).replace(/\s+;/g, ';').trim() : String(value);
  }
  return out;
}

describe('security headers computed once', () => {
  it('says exactly what helmet said for the same policy, per host, page and TLS setting', async () => {
    const partners = PARTNERS.split(',');
    const cases: [FastifyInstance, FastifyInstance][] = [
      [plain, await helmetReference(false, partners)],
      [secure, await helmetReference(true, [])],
    ];
    const hosts = [
      'm.example.com',
      'm.example.com:8443',
      '10.0.0.7',
      "evil.example; script-src 'unsafe-inline'",
    ];
    for (const [app, reference] of cases) {
      for (const url of ['/home', '/chatGuest/3?guestCode=g1', '/chat/7', '/chatList']) {
        for (const host of hosts) {
          const ours = securityOnly((await get(app, url, host)).headers);
          const theirs = securityOnly((await get(reference, url, host)).headers);
          for (const [name, value] of Object.entries(theirs))
            expect(ours[name], `${url} ${host} ${name}`).toBe(value);
        }
      }
      await reference.close();
    }
  });

  it('asks helmet once per distinct set and keeps a bounded number of them', async () => {
    const sets = await securityHeaderSets({ secure: false, chatEmbedOrigins: [] });
    const first = await sets('m.example.com', false);
    const again = sets('m.example.com', false);
    expect(again).not.toBeInstanceOf(Promise); // kept: no helmet call on the hot path
    expect(again).toBe(first);
    expect(await sets("evil; script-src 'unsafe-inline'", false)).toBe(await sets('also bad/', false));
    for (let i = 0; i < HEADER_SETS_KEPT * 3; i++) await sets(`h${i}.example.com`, false);
    expect(sets.size()).toBeLessThanOrEqual(HEADER_SETS_KEPT);
    expect((await sets('m.example.com', false))['content-security-policy']).toContain('ws://m.example.com');
    await sets.close();
  });
});
