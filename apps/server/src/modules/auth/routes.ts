import {
  checkInviteCodeRequest,
  checkUserRequest,
  infoUpdateRequest,
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  verifyPasswordRequest,
} from '@lottery/contract/account';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { parse } from '../../plugins/envelope';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/session';
import { tenantOf } from '../site/tenant-cache';
import { DEFAULT_AVATARS } from './avatars';
import { issueCaptcha } from './captcha';
import { findInviteCode, findUserByName } from './repo';
import * as accounts from './service';

const MINUTE = 60_000;
/**
 * Name and invite-code lookups per IP per minute: enough for a person filling in the register
 * form, too few to enumerate accounts or invite codes.
 */
export const LOOKUPS_PER_IP_PER_MINUTE = 30;

function client(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const limitAccount = async (kind: string, userName: string) => {
    if (!(await ctx.accountLimiter.hit(`${kind}:${userName.toLowerCase()}`)))
      throw DomainError.of(Codes.TOO_FREQUENT);
  };

  app.get('/users/isLogin', async (request) => ok(request.user !== null));

  app.post(
    '/users/login',
    { config: { rateLimit: { max: ctx.limits.loginPerIp, timeWindow: MINUTE } } },
    async (request, reply) => {
      const input = parse(loginRequest, request.body);
      await limitAccount('login', input.userName);
      const { token, info } = await accounts.login(ctx, await tenantOf(ctx), input, client(request));
      setSessionCookie(app, reply, token);
      return ok(info);
    },
  );

  app.post('/users/logout', async (request, reply) => {
    if (request.user) await accounts.logout(ctx, request.user.sessionId);
    clearSessionCookie(app, reply);
    return ok();
  });

  app.post(
    '/users/register',
    { config: { rateLimit: { max: ctx.limits.registerPerIp, timeWindow: 60 * MINUTE } } },
    async (request, reply) => {
      const input = parse(registerRequest, request.body);
      await limitAccount('register', input.userName);
      const { token, info } = await accounts.register(ctx, await tenantOf(ctx), input, client(request));
      setSessionCookie(app, reply, token);
      return ok(info);
    },
  );

  const lookupLimit = { config: { rateLimit: { max: LOOKUPS_PER_IP_PER_MINUTE, timeWindow: MINUTE } } };

  app.get('/users/checkUser', lookupLimit, async (request) => {
    const { userName } = parse(checkUserRequest, request.query);
    const tenant = await tenantOf(ctx);
    return ok({ exists: (await findUserByName(ctx.db, tenant.id, userName)) !== undefined });
  });

  app.get('/users/checkInviteCode', lookupLimit, async (request) => {
    const { inviteCode } = parse(checkInviteCodeRequest, request.query);
    const tenant = await tenantOf(ctx);
    return ok({ valid: (await findInviteCode(ctx.db, tenant.id, inviteCode)) !== undefined });
  });

  app.get('/users/getRegisterVerifyFront', async () => ok(accounts.registerVerifyOf(await tenantOf(ctx))));

  app.get(
    '/users/imageCode',
    { config: { rateLimit: { max: ctx.limits.captchaPerIp, timeWindow: MINUTE } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await issueCaptcha(ctx.db, ctx.captchaText(), ctx.clock.now()));
    },
  );

  app.get('/users/defaultAvatar', async () => ok(DEFAULT_AVATARS));

  app.get('/users/info', { preHandler: requireUser }, async (request) =>
    ok(await accounts.userInfoOf(ctx, await accounts.currentUser(ctx, request.user!.userId))),
  );

  app.post('/users/infoUpdate', { preHandler: requireUser }, async (request) => {
    const input = parse(infoUpdateRequest, request.body);
    return ok(await accounts.updateInfo(ctx, request.user!.userId, input));
  });

  app.post(
    '/users/resetPassword',
    { preHandler: requireUser, config: { rateLimit: { max: ctx.limits.loginPerIp, timeWindow: MINUTE } } },
    async (request) => {
      const { oldPassword, newPassword } = parse(resetPasswordRequest, request.body);
      await limitAccount('password', `#${request.user!.userId}`);
      await accounts.resetPassword(ctx, request.user!, oldPassword, newPassword);
      return ok();
    },
  );

  app.post(
    '/users/verifyPassword',
    { preHandler: requireUser, config: { rateLimit: { max: ctx.limits.loginPerIp, timeWindow: MINUTE } } },
    async (request) => {
      const { password } = parse(verifyPasswordRequest, request.body);
      await limitAccount('password', `#${request.user!.userId}`);
      await accounts.verifyPassword(ctx, request.user!.userId, password);
      return ok();
    },
  );
}
