import type { Period } from '@lottery/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { nextPageOf, PAGE_SIZE } from './deposit-list';
import { walletKeys } from './keys';
import type { PageOf, Withdraw } from './types';

/** transaction/frontWithdrawRecord: the player's withdrawals of a period with their review state. */
export const getWithdrawList = (period: Period, pageNum: number, signal?: AbortSignal) =>
  request<PageOf<Withdraw>>('transaction/frontWithdrawRecord', {
    query: { period, pageNum, pageSize: PAGE_SIZE },
    signal,
  });

export const withdrawListQuery = (period: Period) =>
  infiniteQueryOptions({
    queryKey: walletKeys.withdraws(period),
    queryFn: ({ pageParam, signal }) => getWithdrawList(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useWithdrawList = (period: Period) => useInfiniteQuery(withdrawListQuery(period));
