import { AgentReportApi, type CHILD_REPORT_PERIODS } from '@lottery/contract/agent-report';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export type ChildPeriod = (typeof CHILD_REPORT_PERIODS)[number];
const PAGE_SIZE = 20;

/** GET users/childReport: each direct downline's own figures (no seven days), and their sum. */
export const getChildReport = (
  period: ChildPeriod,
  userName: string,
  pageNum: number,
  signal?: AbortSignal,
) =>
  call(
    AgentReportApi.childReport,
    { period, userName: userName || undefined, pageNum, pageSize: PAGE_SIZE },
    { signal },
  );

export const childReportQuery = (agentId: number, period: ChildPeriod, userName: string) =>
  infiniteQueryOptions({
    queryKey: ['agent', agentId, 'childReport', period, userName],
    queryFn: ({ pageParam, signal }) => getChildReport(period, userName, pageParam, signal),
    initialPageParam: 1,
    staleTime: 0,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useChildReport = (agentId: number, period: ChildPeriod, userName: string) =>
  useInfiniteQuery(childReportQuery(agentId, period, userName));
