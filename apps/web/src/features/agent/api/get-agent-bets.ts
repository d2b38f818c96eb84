import { AgentReportApi } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

const PAGE_SIZE = 20;

/** GET betting/getAgentBetData: the team's lottery bets over a period, newest first, with totals. */
export const getAgentBets = (period: ReportPeriod, userName: string, pageNum: number, signal?: AbortSignal) =>
  call(
    AgentReportApi.getAgentBetData,
    { period, userName: userName || undefined, pageNum, pageSize: PAGE_SIZE },
    { signal },
  );

export const agentBetsQuery = (agentId: number, period: ReportPeriod, userName: string) =>
  infiniteQueryOptions({
    queryKey: ['agent', agentId, 'agentBets', period, userName],
    queryFn: ({ pageParam, signal }) => getAgentBets(period, userName, pageParam, signal),
    initialPageParam: 1,
    staleTime: 0,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useAgentBets = (agentId: number, period: ReportPeriod, userName: string) =>
  useInfiniteQuery(agentBetsQuery(agentId, period, userName));
