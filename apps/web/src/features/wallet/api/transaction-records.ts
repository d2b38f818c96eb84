import { type Period, WalletApi } from '@lottery/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';
import { nextPageOf, PAGE_SIZE } from './deposit-list';
import { walletKeys } from './keys';

export type RecordsPage = CallReply<typeof WalletApi.getTransactionRecordsFront>;

/** balance/getTransactionRecordsFront: ledger entries of a period, `type` 0 = all, 1-6 = a group. */
export const getTransactionRecords = (period: Period, type: number, pageNum: number, signal?: AbortSignal) =>
  call(WalletApi.getTransactionRecordsFront, { period, type, pageNum, pageSize: PAGE_SIZE }, { signal });

export const transactionRecordsQuery = (period: Period, type: number) =>
  infiniteQueryOptions({
    queryKey: walletKeys.records(period, type),
    queryFn: ({ pageParam, signal }) => getTransactionRecords(period, type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useTransactionRecords = (period: Period, type: number) =>
  useInfiniteQuery(transactionRecordsQuery(period, type));
