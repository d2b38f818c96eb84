import { AgentReportApi } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET users/agentReport/userAgentReport/detail: a member's team figures per Beijing day. */
export const getAgentReportDetail = (period: ReportPeriod, userId: number, signal?: AbortSignal) =>
  call(AgentReportApi.userAgentReportDetail, { period, userId }, { signal });

export const agentReportDetailQuery = (agentId: number, period: ReportPeriod, userId: number) =>
  queryOptions({
    queryKey: ['agent', agentId, 'userAgentReportDetail', period, userId],
    queryFn: ({ signal }) => getAgentReportDetail(period, userId, signal),
    staleTime: 0,
  });

export const useAgentReportDetail = (agentId: number, period: ReportPeriod, userId: number | undefined) =>
  useQuery({ ...agentReportDetailQuery(agentId, period, userId ?? 0), enabled: userId !== undefined });
