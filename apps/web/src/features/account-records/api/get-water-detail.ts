import { RecordsApi, type ReportPeriod } from '@lottery/contract/records';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export const PAGE_SIZE = 10;

/** records/waterDetail?period=&type=&pageNum=&pageSize=: rebate credits (204/501/502) with totals. */
export const getWaterDetail = (period: ReportPeriod, type: number, pageNum: number, signal?: AbortSignal) =>
  call(RecordsApi.waterDetail, { period, type, pageNum, pageSize: PAGE_SIZE }, { signal });

export const waterDetailQuery = (period: ReportPeriod, type: number) =>
  infiniteQueryOptions({
    queryKey: ['records', 'water', period, type],
    queryFn: ({ pageParam, signal }) => getWaterDetail(period, type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useWaterDetail = (period: ReportPeriod, type: number) =>
  useInfiniteQuery(waterDetailQuery(period, type));
