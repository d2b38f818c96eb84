import { RecordsApi, type ReportPeriod } from '@lottery/contract/records';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export const PAGE_SIZE = 10;

/** records/settlementToday?period=: the period's settled bets per lottery and in total. */
export const getSettlement = (period: ReportPeriod, signal?: AbortSignal) =>
  call(RecordsApi.settlementToday, { period }, { signal });

export const settlementQuery = (period: ReportPeriod) =>
  queryOptions({
    queryKey: ['records', 'settlement', period],
    queryFn: ({ signal }) => getSettlement(period, signal),
  });

export const useSettlement = (period: ReportPeriod) => useQuery(settlementQuery(period));

/** records/settledBets?period=&pageNum=&pageSize=: the settled bets, newest settlement first. */
export const getSettledBets = (period: ReportPeriod, pageNum: number, signal?: AbortSignal) =>
  call(RecordsApi.settledBets, { period, pageNum, pageSize: PAGE_SIZE }, { signal });

export const settledBetsQuery = (period: ReportPeriod) =>
  infiniteQueryOptions({
    queryKey: ['records', 'settledBets', period],
    queryFn: ({ pageParam, signal }) => getSettledBets(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useSettledBets = (period: ReportPeriod) => useInfiniteQuery(settledBetsQuery(period));
