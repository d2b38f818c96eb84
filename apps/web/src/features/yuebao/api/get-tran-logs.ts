import { YuebaoApi, type YuebaoPeriod } from '@lottery/contract/yuebao';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

const PAGE_SIZE = 10;

/** GET balance/getMyYuebaoTranLogs: transfers in and out and daily interest, newest first. */
export const getTranLogs = (period: YuebaoPeriod, pageNum: number, signal?: AbortSignal) =>
  call(YuebaoApi.getMyYuebaoTranLogs, { period, pageNum, pageSize: PAGE_SIZE }, { signal });

export const tranLogsQuery = (userId: number | string, period: YuebaoPeriod) =>
  infiniteQueryOptions({
    queryKey: ['yuebao', userId, 'tranLogs', period],
    staleTime: 0,
    queryFn: ({ pageParam, signal }) => getTranLogs(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });

export const useTranLogs = (userId: number | string, period: YuebaoPeriod) =>
  useInfiniteQuery(tranLogsQuery(userId, period));
