import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { walletKeys } from './keys';
import type { Deposit } from './types';

/** transaction/frontRechargeOrder: one order, polled while it is pending. */
export const getDepositOrder = (orderNo: string, signal?: AbortSignal) =>
  request<Deposit>('transaction/frontRechargeOrder', { query: { orderNo }, signal });

export const POLL_PENDING_MS = 3000;

export const depositOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: walletKeys.order(orderNo),
    queryFn: ({ signal }) => getDepositOrder(orderNo, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_PENDING_MS : false),
  });

export const useDepositOrder = (orderNo: string | undefined) =>
  useQuery({ ...depositOrderQuery(orderNo ?? ''), enabled: Boolean(orderNo) });
