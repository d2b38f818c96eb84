import { Readable } from 'node:stream';
import { AUDIT_CSV_COLUMNS, AuditFilter, ConsoleAuditApi } from '@lottery/contract/console/audit';
import { ConsoleAuthApi } from '@lottery/contract/console/auth';
import { ConsoleStaffApi } from '@lottery/contract/console/staff';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../plugins/envelope';
import { auditCsvLines, listConsoleAudit } from './audit-reads';
import { csvLine } from './csv';
import {
  actorOf,
  clearStaffCookie,
  clientOf,
  consoleRoute,
  registerConsoleGate,
  setStaffCookie,
} from './gate';
import * as manage from './manage';
import * as signIn from './sign-in';

const MINUTE = 60_000;
/** Sign-in steps per IP per minute; the account lockout guards each account on its own. */
const SIGN_IN_PER_IP_PER_MINUTE = 30;
const perMinute = { config: { rateLimit: { max: SIGN_IN_PER_IP_PER_MINUTE, timeWindow: MINUTE } } };

/** The console API: registered by app.ts under /console/api (docs/console.md). */
export default async function consoleRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  registerConsoleGate(app);

  // sign-in and enrolment
  consoleRoute(
    app,
    ConsoleAuthApi.signIn,
    async (request) => ok(await signIn.signIn(ctx, request.body, clientOf(request))),
    perMinute,
  );
  consoleRoute(
    app,
    ConsoleAuthApi.signInVerify,
    async (request, reply) => {
      const { token, me } = await signIn.verifySignIn(ctx, request.body, clientOf(request));
      setStaffCookie(app, reply, token);
      return ok(me);
    },
    perMinute,
  );
  consoleRoute(
    app,
    ConsoleAuthApi.enrolCheck,
    async (request) => ok(await signIn.enrolCheck(ctx, request.query.token)),
    perMinute,
  );
  consoleRoute(
    app,
    ConsoleAuthApi.enrolPassword,
    async (request) => ok(await signIn.enrolPassword(ctx, request.body, clientOf(request))),
    perMinute,
  );
  consoleRoute(
    app,
    ConsoleAuthApi.enrolConfirm,
    async (request, reply) => {
      const { token, me, recoveryCodes } = await signIn.enrolConfirm(ctx, request.body, clientOf(request));
      setStaffCookie(app, reply, token);
      return ok({ recoveryCodes, me });
    },
    perMinute,
  );
  consoleRoute(app, ConsoleAuthApi.signOut, async (request, reply) => {
    if (request.staff) await signIn.signOut(ctx, request.staff, clientOf(request));
    clearStaffCookie(app, reply);
    return ok();
  });
  consoleRoute(app, ConsoleAuthApi.me, async (request) => ok(await signIn.currentMe(ctx, request.staff)));

  // staff management
  consoleRoute(app, ConsoleStaffApi.list, async () => ok({ items: await manage.listStaffRows(ctx.db) }));
  consoleRoute(app, ConsoleStaffApi.create, async (request) =>
    ok(await manage.createStaff(ctx, actorOf(request), request.body)),
  );
  consoleRoute(app, ConsoleStaffApi.disable, async (request) =>
    ok(await manage.disableStaff(ctx, actorOf(request), request.body)),
  );
  consoleRoute(app, ConsoleStaffApi.enable, async (request) =>
    ok(await manage.enableStaff(ctx, actorOf(request), request.body)),
  );
  consoleRoute(app, ConsoleStaffApi.resetSecondFactor, async (request) =>
    ok(await manage.resetSecondFactor(ctx, actorOf(request), request.body)),
  );
  consoleRoute(app, ConsoleStaffApi.resetPassword, async (request) =>
    ok(await manage.resetPassword(ctx, actorOf(request), request.body)),
  );

  // audit log
  consoleRoute(app, ConsoleAuditApi.list, async (request) =>
    ok(await listConsoleAudit(ctx.db, request.query)),
  );
  app.route({
    method: 'GET',
    url: `/${ConsoleAuditApi.exportCsv.path}`,
    schema: { hide: true },
    config: { consoleAccess: ConsoleAuditApi.exportCsv.access },
    handler: async (request, reply) => {
      const filter = parse(AuditFilter, request.query);
      async function* lines() {
        // a BOM, so that spreadsheet programs read the Chinese reasons as UTF-8
        yield `\uFEFF${csvLine(AUDIT_CSV_COLUMNS)}`;
        yield* auditCsvLines(ctx.db, filter);
      }
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${ctx.clock.now()}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },
  });
}
