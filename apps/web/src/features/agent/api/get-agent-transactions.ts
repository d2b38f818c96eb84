import { AgentReportApi } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

const PAGE_SIZE = 20;

export interface TransactionFilter {
  period: ReportPeriod;
  /** 0 every group, 1-6 one group (the hundreds digit of the type code). */
  type: number;
  userName: string;
}

/** GET users/agentTransactionDetail: the team's ledger entries over a period, newest first. */
export const getAgentTransactions = (filter: TransactionFilter, pageNum: number, signal?: AbortSignal) =>
  call(
    AgentReportApi.agentTransactionDetail,
    {
      period: filter.period,
      type: filter.type,
      userName: filter.userName || undefined,
      pageNum,
      pageSize: PAGE_SIZE,
    },
    { signal },
  );

export const agentTransactionsQuery = (agentId: number, filter: TransactionFilter) =>
  infiniteQueryOptions({
    queryKey: ['agent', agentId, 'agentTransactions', filter.period, filter.type, filter.userName],
    queryFn: ({ pageParam, signal }) => getAgentTransactions(filter, pageParam, signal),
    initialPageParam: 1,
    staleTime: 0,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useAgentTransactions = (agentId: number, filter: TransactionFilter) =>
  useInfiniteQuery(agentTransactionsQuery(agentId, filter));
