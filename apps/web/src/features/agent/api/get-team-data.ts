import { AgentReportApi } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET report/agentReport/agentReportTeamData: the agent centre's team summary over a period. */
export const getTeamData = (period: ReportPeriod, signal?: AbortSignal) =>
  call(AgentReportApi.agentReportTeamData, { period }, { signal });

export const teamDataQuery = (agentId: number, period: ReportPeriod) =>
  queryOptions({
    queryKey: ['agent', agentId, 'teamData', period],
    queryFn: ({ signal }) => getTeamData(period, signal),
    staleTime: 0,
  });

export const useTeamData = (agentId: number, period: ReportPeriod) =>
  useQuery(teamDataQuery(agentId, period));
