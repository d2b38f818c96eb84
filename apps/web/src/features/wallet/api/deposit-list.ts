import type { Period } from '@lottery/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { walletKeys } from './keys';
import type { Deposit, PageOf } from './types';

export const PAGE_SIZE = 10;

/** transaction/frontSummaryPaymentRecordList: the player's deposit orders of a period. */
export const getDepositList = (period: Period, pageNum: number, signal?: AbortSignal) =>
  request<PageOf<Deposit>>('transaction/frontSummaryPaymentRecordList', {
    query: { period, pageNum, pageSize: PAGE_SIZE },
    signal,
  });

export const nextPageOf = <T>(last: PageOf<T>) =>
  last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined;

export const depositListQuery = (period: Period) =>
  infiniteQueryOptions({
    queryKey: walletKeys.deposits(period),
    queryFn: ({ pageParam, signal }) => getDepositList(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useDepositList = (period: Period) => useInfiniteQuery(depositListQuery(period));
