import { AgentReportApi, AgentReportMessages } from '@lottery/contract/agent-report';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import {
  agentBets,
  agentGameBets,
  agentTransactions,
  childReport,
  raiseDownlineRebate,
  teamData,
  userAgentReport,
  userAgentReportDetail,
  userProfit,
} from './report-service';

/** The agent reports and team records (AgentReportApi, docs/agent.md "Reports"). */
export async function agentReportRoutes(
  app: FastifyInstance,
  writeLimit: { config: { rateLimit: { max: number; timeWindow: number } } },
): Promise<void> {
  const { ctx } = app;
  route(app, AgentReportApi.userProfit, async (request) =>
    ok(await userProfit(ctx, request.user, request.query)),
  );
  route(app, AgentReportApi.userAgentReport, async (request) =>
    ok(await userAgentReport(ctx, request.user, request.query)),
  );
  route(app, AgentReportApi.userAgentReportDetail, async (request) =>
    ok(await userAgentReportDetail(ctx, request.user, request.query)),
  );
  route(app, AgentReportApi.childReport, async (request) =>
    ok(await childReport(ctx, request.user, request.query)),
  );
  route(app, AgentReportApi.agentReportTeamData, async (request) =>
    ok(await teamData(ctx, request.user, request.query)),
  );
  route(app, AgentReportApi.getAgentBetData, async (request) =>
    ok(await agentBets(ctx, request.user, request.query)),
  );
  route(app, AgentReportApi.getAgentGameBetData, async (request) =>
    ok(await agentGameBets(ctx, request.user, request.query)),
  );
  route(app, AgentReportApi.agentTransactionDetail, async (request) =>
    ok(await agentTransactions(ctx, request.user, request.query)),
  );
  route(
    app,
    AgentReportApi.userManage,
    async (request) =>
      ok(await raiseDownlineRebate(ctx, request.user, request.body), AgentReportMessages.updated),
    writeLimit,
  );
}
