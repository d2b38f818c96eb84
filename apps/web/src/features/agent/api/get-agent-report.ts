import { AgentReportApi } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export const REPORT_PAGE_SIZE = 20;

export interface AgentReportFilter {
  period: ReportPeriod;
  /** Whose direct downlines; absent: the agent's own. */
  userId?: number;
  userName: string;
}

/**
 * GET users/agentReport/userAgentReport: one row per direct downline (its team's figures), with
 * the listed user's own and whole-team sums on every page.
 */
export const getAgentReport = (filter: AgentReportFilter, pageNum: number, signal?: AbortSignal) =>
  call(
    AgentReportApi.userAgentReport,
    {
      period: filter.period,
      userId: filter.userId,
      userName: filter.userName || undefined,
      pageNum,
      pageSize: REPORT_PAGE_SIZE,
    },
    { signal },
  );

export const agentReportQuery = (agentId: number, filter: AgentReportFilter) =>
  infiniteQueryOptions({
    queryKey: ['agent', agentId, 'userAgentReport', filter.period, filter.userId ?? 0, filter.userName],
    queryFn: ({ pageParam, signal }) => getAgentReport(filter, pageParam, signal),
    initialPageParam: 1,
    staleTime: 0,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useAgentReport = (agentId: number, filter: AgentReportFilter) =>
  useInfiniteQuery(agentReportQuery(agentId, filter));
