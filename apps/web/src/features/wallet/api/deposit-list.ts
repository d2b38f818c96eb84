import { PaymentApi } from '@lottery/contract/payment-api';
import type { Period } from '@lottery/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { walletKeys } from './keys';
import type { PageStand } from './types';

export const PAGE_SIZE = 10;

/** transaction/frontSummaryPaymentRecordList: the player's deposit orders of a period. */
export const getDepositList = (period: Period, pageNum: number, signal?: AbortSignal) =>
  call(PaymentApi.rechargeList, { period, pageNum, pageSize: PAGE_SIZE }, { signal });

export const nextPageOf = (last: PageStand) =>
  last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined;

export const depositListQuery = (period: Period) =>
  infiniteQueryOptions({
    queryKey: walletKeys.deposits(period),
    queryFn: ({ pageParam, signal }) => getDepositList(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useDepositList = (period: Period) => useInfiniteQuery(depositListQuery(period));
