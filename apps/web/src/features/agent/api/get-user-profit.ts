import { AgentReportApi } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET users/userReport/userProfit: the agent's own money over a period (its 代理返点 among them). */
export const getUserProfit = (period: ReportPeriod, signal?: AbortSignal) =>
  call(AgentReportApi.userProfit, { period }, { signal });

export const userProfitQuery = (agentId: number, period: ReportPeriod) =>
  queryOptions({
    queryKey: ['agent', agentId, 'userProfit', period],
    queryFn: ({ signal }) => getUserProfit(period, signal),
    staleTime: 0,
  });

export const useUserProfit = (agentId: number, period: ReportPeriod) =>
  useQuery(userProfitQuery(agentId, period));
