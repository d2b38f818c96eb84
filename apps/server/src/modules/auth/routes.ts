import { AccountApi } from '@lottery/contract/account';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session';
import { tenantOf } from '../site/index';
import { DEFAULT_AVATARS } from './avatars';
import { issueCaptcha } from './captcha';
import * as accounts from './service';

const MINUTE = 60_000;
/**
 * Name and invite-code lookups per IP per minute: enough for a person filling in the register
 * form, too few to enumerate accounts or invite codes.
 */
export const LOOKUPS_PER_IP_PER_MINUTE = 30;

/** The web app's random id of a browser (apps/web/src/shared/api/device-id.ts). */
const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;

/** X-Device-Id when it has the shape the web app makes; any other value is ignored, not refused. */
function deviceIdOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && DEVICE_ID.test(header) ? header : null;
}

function client(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    deviceId: deviceIdOf(request.headers['x-device-id']),
  };
}

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: MINUTE } } });

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const limitAccount = async (kind: string, userName: string) => {
    if (!(await ctx.accountLimiter.hit(`${kind}:${userName.toLowerCase()}`)))
      throw DomainError.of(Codes.TOO_FREQUENT);
  };

  route(app, AccountApi.isLogin, async (request) => ok(request.user !== null));

  route(
    app,
    AccountApi.login,
    async (request, reply) => {
      await limitAccount('login', request.body.userName);
      const { token, info } = await accounts.login(ctx, await tenantOf(ctx), request.body, client(request));
      setSessionCookie(app, reply, token);
      return ok(info);
    },
    perMinute(ctx.limits.loginPerIp),
  );

  route(app, AccountApi.logout, async (request, reply) => {
    if (request.user) await accounts.logout(ctx, request.user.sessionId);
    clearSessionCookie(app, reply);
    return ok();
  });

  route(
    app,
    AccountApi.register,
    async (request, reply) => {
      await limitAccount('register', request.body.userName);
      const { token, info } = await accounts.register(
        ctx,
        await tenantOf(ctx),
        request.body,
        client(request),
      );
      setSessionCookie(app, reply, token);
      return ok(info);
    },
    { config: { rateLimit: { max: ctx.limits.registerPerIp, timeWindow: 60 * MINUTE } } },
  );

  route(
    app,
    AccountApi.checkUser,
    async (request) => ok({ exists: await accounts.isUserNameTaken(ctx, request.query.userName) }),
    perMinute(LOOKUPS_PER_IP_PER_MINUTE),
  );

  route(
    app,
    AccountApi.checkInviteCode,
    async (request) => ok({ valid: await accounts.isInviteCodeValid(ctx, request.query.inviteCode) }),
    perMinute(LOOKUPS_PER_IP_PER_MINUTE),
  );

  route(app, AccountApi.getRegisterVerifyFront, async () =>
    ok(accounts.registerVerifyOf(await tenantOf(ctx))),
  );

  route(app, AccountApi.getNewRegisterVerifyFront, async () =>
    ok(accounts.newRegisterVerifyOf(await tenantOf(ctx))),
  );

  route(app, AccountApi.getRegisterTypeFront, async () => ok(accounts.REGISTER_TYPES));

  route(
    app,
    AccountApi.imageCode,
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await issueCaptcha(ctx.db, ctx.captchaText(), ctx.clock.now()));
    },
    perMinute(ctx.limits.captchaPerIp),
  );

  route(app, AccountApi.defaultAvatar, async () => ok([...DEFAULT_AVATARS]));

  route(app, AccountApi.info, async (request) =>
    ok(await accounts.userInfoOf(ctx, await accounts.currentUser(ctx, request.user.userId))),
  );

  route(app, AccountApi.infoUpdate, async (request) =>
    ok(await accounts.updateInfo(ctx, request.user.userId, request.body)),
  );

  route(
    app,
    AccountApi.resetPassword,
    async (request) => {
      const { oldPassword, newPassword } = request.body;
      await limitAccount('password', `#${request.user.userId}`);
      await accounts.resetPassword(ctx, request.user, oldPassword, newPassword);
      return ok();
    },
    perMinute(ctx.limits.loginPerIp),
  );

  route(
    app,
    AccountApi.verifyPassword,
    async (request) => {
      await limitAccount('password', `#${request.user.userId}`);
      await accounts.verifyPassword(ctx, request.user.userId, request.body.password);
      return ok();
    },
    perMinute(ctx.limits.loginPerIp),
  );
}
