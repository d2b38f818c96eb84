import { ok } from '@lottery/contract/envelope';
import { SecurityApi } from '@lottery/contract/security';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { logGateway } from './outbox';
import { SAFETY_QUESTIONS } from './questions';
import { hasSafetyPassword, setSafetyPassword, verifySafetyPassword } from './safety-password';
import * as security from './service';

const MINUTE = 60_000;

/** Safety password and security centre (spec/platform.md §7 Account and safety-password calls). */
export default async function securityRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const gateway = logGateway(app.log);
  const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: MINUTE } } });

  // ---- safety password ---------------------------------------------------------------------
  route(app, SecurityApi.isChangeSafetyPassword, async (request) =>
    ok(await hasSafetyPassword(ctx.db, request.user.userId)),
  );

  route(
    app,
    SecurityApi.setSafetyPassword,
    async (request) => {
      await setSafetyPassword(ctx.db, request.user, request.body, ctx.clock.now());
      return ok();
    },
    perMinute(10),
  );

  route(
    app,
    SecurityApi.resetSafetyPassword,
    async (request) => {
      await security.changeSafetyPassword(ctx, request.user, request.body);
      return ok();
    },
    perMinute(10),
  );

  route(
    app,
    SecurityApi.verifySafetyPassword,
    async (request) => {
      await verifySafetyPassword(ctx.db, request.user, request.body.safetyPassword, ctx.clock.now());
      return ok();
    },
    perMinute(20),
  );

  route(app, SecurityApi.securityList, async (request) =>
    ok(await security.securityList(ctx, request.user.userId)),
  );

  // ---- phone and mail ----------------------------------------------------------------------
  route(
    app,
    SecurityApi.sendPhoneCode,
    async (request) => {
      const { phone } = request.body;
      return ok({ target: await security.sendBindCode(ctx, gateway, request.user.userId, 'phone', phone) });
    },
    perMinute(5),
  );
  route(
    app,
    SecurityApi.verifyPhoneCode,
    async (request) => {
      const { phone, code } = request.body;
      await security.bindContact(ctx, request.user.userId, 'phone', phone, code);
      return ok({ phone: security.maskPhone(phone) });
    },
    perMinute(10),
  );
  route(
    app,
    SecurityApi.sendMailCode,
    async (request) => {
      const mail = request.body.mail;
      await security.sendBindCode(ctx, gateway, request.user.userId, 'mail', mail.toLowerCase());
      return ok({ target: security.maskMail(mail) });
    },
    perMinute(5),
  );
  route(
    app,
    SecurityApi.verifyMailCode,
    async (request) => {
      const mail = request.body.mail.toLowerCase();
      await security.bindContact(ctx, request.user.userId, 'mail', mail, request.body.code);
      return ok({ mail: security.maskMail(mail) });
    },
    perMinute(10),
  );

  // ---- security question -------------------------------------------------------------------
  route(app, SecurityApi.safeQuestionList, async () => ok([...SAFETY_QUESTIONS]));

  route(
    app,
    SecurityApi.setSafetyQuestion,
    async (request) => {
      await security.setSafetyQuestion(ctx, request.user, request.body);
      return ok();
    },
    perMinute(10),
  );

  route(
    app,
    SecurityApi.verifySafetyQuestion,
    async (request) => ok({ token: await security.answerQuestion(ctx, request.body) }),
    perMinute(10),
  );

  // ---- forgotten login password ------------------------------------------------------------
  route(
    app,
    SecurityApi.forgetPassword,
    async (request) => ok(await security.forgetPassword(ctx, gateway, request.body)),
    perMinute(10),
  );

  route(
    app,
    SecurityApi.forgetPasswordReset,
    async (request) => {
      await security.resetForgottenPassword(ctx, request.body.token, request.body.password);
      return ok();
    },
    perMinute(10),
  );
}
