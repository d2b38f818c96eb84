import { ConsoleCodes } from '@lottery/contract/console/codes';
import {
  type ConsoleAccess,
  type ConsoleEndpoint,
  STAFF_COOKIE,
  STAFF_COOKIE_PATH,
} from '@lottery/contract/console/endpoint';
import { roleCan } from '@lottery/contract/console/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EndpointHandler, type EndpointRequest, type RouteExtras, route } from '../../http/route';
import { sourceAllowed } from '../../plugins/origin';
import {
  type AuditActor,
  type Client,
  resolveSession,
  STAFF_SESSION_ABSOLUTE_MS,
  type StaffPrincipal,
} from './sign-in';

/**
 * The gate in front of every console call (registered on the /console/api plugin only), in order:
 *
 * 1. CONSOLE_ALLOWED_IPS, when set: another address gets 403 CONSOLE_IP_REFUSED.
 * 2. CSRF: a POST must carry an Origin (or, without one, a Referer) naming this server's own host
 *    (outside production also a loopback page, for the console's Vite dev server): 403
 *    CONSOLE_ORIGIN_REFUSED otherwise. Unlike /v1, a request with neither header is refused too:
 *    the console is always a page of ours. The SameSite=Strict cookie is the other wall.
 * 3. The staff session from the `staff_session` cookie (never the player's `sid`: /v1 reads only
 *    that, and this gate only this, so neither session works on the other's calls).
 * 4. The call's `access`: public passes; otherwise no session is 401 CONSOLE_SIGNED_OUT and a
 *    role without the permission is 403 CONSOLE_FORBIDDEN, whatever the console showed.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on a console call (null on public calls without a session). */
    staff: StaffPrincipal | null;
  }
  interface FastifyContextConfig {
    consoleAccess?: ConsoleAccess;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function refuse(reply: FastifyReply, status: number, def: { code: number; msg: string }) {
  return reply.code(status).send({ code: def.code, msg: def.msg });
}

const bareIp = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

export function registerConsoleGate(app: FastifyInstance): void {
  const { ctx } = app;
  const allowedIps = new Set(ctx.config.CONSOLE_ALLOWED_IPS.map(bareIp));
  const allowLoopback = ctx.config.NODE_ENV !== 'production';
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request, reply) => {
    if (allowedIps.size > 0 && !allowedIps.has(bareIp(request.ip)))
      return refuse(reply, 403, ConsoleCodes.CONSOLE_IP_REFUSED);
    if (STATE_CHANGING.has(request.method)) {
      const present = request.headers.origin !== undefined || request.headers.referer !== undefined;
      if (!present || !sourceAllowed(request, new Set(), allowLoopback))
        return refuse(reply, 403, ConsoleCodes.CONSOLE_ORIGIN_REFUSED);
    }
    const token = request.cookies[STAFF_COOKIE];
    if (token) {
      const found = await resolveSession(ctx, token);
      if (found.state === 'valid') request.staff = found.principal;
    }
    const access = request.routeOptions.config.consoleAccess;
    if (access === undefined || access === 'public') return;
    if (!request.staff) return refuse(reply, 401, ConsoleCodes.CONSOLE_SIGNED_OUT);
    if (access !== 'staff' && !roleCan(request.staff.role, access))
      return refuse(reply, 403, ConsoleCodes.CONSOLE_FORBIDDEN);
  });
}

/** The handler's request: a signed-in staff member on every call that is not public. */
export type ConsoleRequest<E extends ConsoleEndpoint> = EndpointRequest<E> &
  (E extends { access: 'public' } ? { staff: StaffPrincipal | null } : { staff: StaffPrincipal });

export type ConsoleHandler<E extends ConsoleEndpoint> = (
  request: ConsoleRequest<E>,
  reply: FastifyReply,
) => ReturnType<EndpointHandler<E>>;

/**
 * Registers one console call from its contract entry (like http/route.ts for /v1: the request
 * validated by the contract, the reply serialised by its schema), behind the gate above. Call it
 * inside a plugin registered under /console/api that ran registerConsoleGate.
 */
export function consoleRoute<E extends ConsoleEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: ConsoleHandler<E>,
  extras: RouteExtras = {},
): void {
  route(app, endpoint, handler as unknown as EndpointHandler<E>, {
    ...extras,
    config: { ...extras.config, consoleAccess: endpoint.access },
  });
}

export function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) };
}

/** The audit actor of a signed-in staff member's request. */
export function actorOf(request: FastifyRequest & { staff: StaffPrincipal }): AuditActor {
  return {
    actor: `staff:${request.staff.staffId}`,
    role: request.staff.role,
    staffId: request.staff.staffId,
    ...clientOf(request),
  };
}

export function setStaffCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: STAFF_COOKIE_PATH,
    secure: app.ctx.config.COOKIE_SECURE,
    maxAge: STAFF_SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearStaffCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: STAFF_COOKIE_PATH,
    secure: app.ctx.config.COOKIE_SECURE,
  });
}
