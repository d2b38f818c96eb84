import { AgentApi, AgentMessages } from '@lottery/contract/agent';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { agentReportRoutes } from './report-routes';
import {
  createInviteCode,
  deleteInviteCode,
  listInviteCodes,
  openChild,
  rebateDescription,
  teamBalance,
  teamYuebaoBalance,
  userManageList,
} from './service';

/** Writing calls (codes, accounts): this often per minute per client. */
const writeLimit = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };

/** The agent centre (docs/agent.md): agents only, each within its own team; the reports included. */
export default async function agentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(
    app,
    AgentApi.createInviteCode,
    async (request) => ok(await createInviteCode(ctx, request.user, request.body), AgentMessages.created),
    writeLimit,
  );
  route(app, AgentApi.inviteCode, async (request) =>
    ok(await listInviteCodes(ctx, request.user, request.query.codeType)),
  );
  route(
    app,
    AgentApi.deleteInviteCode,
    async (request) => {
      await deleteInviteCode(ctx, request.user, request.body.id);
      return ok(undefined, AgentMessages.deleted);
    },
    writeLimit,
  );
  route(app, AgentApi.rebate, async (request) =>
    ok(await rebateDescription(ctx, request.user, request.query)),
  );
  route(
    app,
    AgentApi.childOpening,
    async (request) => ok(await openChild(ctx, request.user, request.body, request.ip), AgentMessages.opened),
    writeLimit,
  );
  route(app, AgentApi.userManageList, async (request) =>
    ok(await userManageList(ctx, request.user, request.query)),
  );
  route(app, AgentApi.teamBalance, async (request) =>
    ok(await teamBalance(ctx, request.user, request.query.userId)),
  );
  route(app, AgentApi.teamYuebaoBalance, async (request) =>
    ok(await teamYuebaoBalance(ctx, request.user, request.query.userId)),
  );
  await agentReportRoutes(app, writeLimit);
}
