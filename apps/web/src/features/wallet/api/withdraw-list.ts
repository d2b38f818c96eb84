import { PaymentApi } from '@lottery/contract/payment-api';
import type { Period } from '@lottery/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { nextPageOf, PAGE_SIZE } from './deposit-list';
import { walletKeys } from './keys';

/** transaction/frontWithdrawRecord: the player's withdrawals of a period with their review state. */
export const getWithdrawList = (period: Period, pageNum: number, signal?: AbortSignal) =>
  call(PaymentApi.withdrawRecords, { period, pageNum, pageSize: PAGE_SIZE }, { signal });

export const withdrawListQuery = (period: Period) =>
  infiniteQueryOptions({
    queryKey: walletKeys.withdraws(period),
    queryFn: ({ pageParam, signal }) => getWithdrawList(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useWithdrawList = (period: Period) => useInfiniteQuery(withdrawListQuery(period));
