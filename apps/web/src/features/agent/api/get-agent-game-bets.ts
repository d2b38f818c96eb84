import { AgentReportApi } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

const PAGE_SIZE = 20;

/** GET game/getAgentGameBetData: the team's table-game bets (none until table games exist). */
export const getAgentGameBets = (
  period: ReportPeriod,
  userName: string,
  pageNum: number,
  signal?: AbortSignal,
) =>
  call(
    AgentReportApi.getAgentGameBetData,
    { period, userName: userName || undefined, pageNum, pageSize: PAGE_SIZE },
    { signal },
  );

export const agentGameBetsQuery = (agentId: number, period: ReportPeriod, userName: string) =>
  infiniteQueryOptions({
    queryKey: ['agent', agentId, 'agentGameBets', period, userName],
    queryFn: ({ pageParam, signal }) => getAgentGameBets(period, userName, pageParam, signal),
    initialPageParam: 1,
    staleTime: 0,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useAgentGameBets = (agentId: number, period: ReportPeriod, userName: string) =>
  useInfiniteQuery(agentGameBetsQuery(agentId, period, userName));
