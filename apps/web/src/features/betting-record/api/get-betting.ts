import { BettingApi, type RECORD_PERIODS } from '@lottery/contract/betting';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export type RecordPeriod = (typeof RECORD_PERIODS)[number];
export const PAGE_SIZE = 10;

/** betting/getBetting?period=&pageNum=&pageSize=: the player's bets of the period, newest first. */
export const getBetting = (period: RecordPeriod, pageNum: number, signal?: AbortSignal) =>
  call(BettingApi.getBetting, { period, pageNum, pageSize: PAGE_SIZE }, { signal });

export const bettingQuery = (period: RecordPeriod) =>
  infiniteQueryOptions({
    queryKey: ['betting', 'records', period],
    queryFn: ({ pageParam, signal }) => getBetting(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useBetting = (period: RecordPeriod, refetchInterval: number | false) =>
  useInfiniteQuery({ ...bettingQuery(period), refetchInterval });
