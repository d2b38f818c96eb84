import { AgentReportApi, type TeamData } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** GET report/agentReport/agentReportTeamData: the agent centre's team summary over a period. */
export const getTeamData = (period: ReportPeriod, signal?: AbortSignal) =>
  request<TeamData>(AgentReportApi.agentReportTeamData.path, { query: { period }, signal });

export const teamDataQuery = (agentId: number, period: ReportPeriod) =>
  queryOptions({
    queryKey: ['agent', agentId, 'teamData', period],
    queryFn: ({ signal }) => getTeamData(period, signal),
    staleTime: 0,
  });

export const useTeamData = (agentId: number, period: ReportPeriod) =>
  useQuery(teamDataQuery(agentId, period));
