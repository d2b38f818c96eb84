import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors';
import { findSession, SESSION_ABSOLUTE_MS } from '../modules/auth/index';
import { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'sid';

/**
 * Resolve `request.user` from the `sid` cookie on every /v1 request that carries one. Before
 * validation, so that a route's login check (http/route.ts) answers a visitor before his input is read.
 */
export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionState', 'none');
  const cache = new SessionCache(app.ctx.config.SESSION_CACHE_MS);
  app.ctx.onSessionsRevoked.push((sessionIds) => cache.forgetSessions(sessionIds));
  app.addHook('preValidation', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/v1/')) return;
    const now = app.ctx.clock.now();
    const cached = cache.get(token, now);
    if (cached) {
      request.sessionState = 'valid';
      request.user = cached;
      return;
    }
    const found = await findSession(app.ctx.db, token, now);
    request.sessionState = found.state;
    if (found.state === 'valid') {
      request.user = {
        userId: found.userId,
        tenantId: found.tenantId,
        userName: found.userName,
        sessionId: found.sessionId,
      };
      cache.set(token, request.user, now);
    }
  });
}

/** preHandler for routes that need a login: code 0 (or -99 after a password change elsewhere). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.user) return;
  if (request.sessionState === 'passwordChanged') throw DomainError.of(Codes.PASSWORD_RESET);
  throw DomainError.of(Codes.SESSION_EXPIRED);
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: app.ctx.config.COOKIE_SECURE,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.ctx.config.COOKIE_SECURE,
  });
}
