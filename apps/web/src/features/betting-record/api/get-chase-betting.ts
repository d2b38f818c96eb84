import { ChaseApi } from '@lottery/contract/chase';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import type { RecordPeriod } from './get-betting';

export const CHASE_PAGE_SIZE = 10;

/** betting/getChaseBetting?period=&pageNum=&pageSize=: the player's chases of the period, newest first. */
export const getChaseBetting = (period: RecordPeriod, pageNum: number, signal?: AbortSignal) =>
  call(ChaseApi.getChaseBetting, { period, pageNum, pageSize: CHASE_PAGE_SIZE }, { signal });

export const chaseBettingQuery = (period: RecordPeriod) =>
  infiniteQueryOptions({
    queryKey: ['betting', 'chases', period],
    queryFn: ({ pageParam, signal }) => getChaseBetting(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useChaseBetting = (period: RecordPeriod, refetchInterval: number | false) =>
  useInfiniteQuery({ ...chaseBettingQuery(period), refetchInterval });

/** betting/getChaseBetData?period=: the period's chase totals. */
export const getChaseBetData = (period: RecordPeriod, signal?: AbortSignal) =>
  call(ChaseApi.getChaseBetData, { period }, { signal });

export const chaseBetDataQuery = (period: RecordPeriod) =>
  queryOptions({
    queryKey: ['betting', 'chaseTotals', period],
    queryFn: ({ signal }) => getChaseBetData(period, signal),
  });

export const useChaseBetData = (period: RecordPeriod, refetchInterval: number | false) =>
  useQuery({ ...chaseBetDataQuery(period), refetchInterval });
