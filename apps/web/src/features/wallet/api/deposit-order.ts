import { PaymentApi } from '@lottery/contract/payment-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { walletKeys } from './keys';

/** transaction/frontRechargeOrder: one order, polled while it is pending. */
export const getDepositOrder = (orderNo: string, signal?: AbortSignal) =>
  call(PaymentApi.rechargeOrder, { orderNo }, { signal });

export const POLL_PENDING_MS = 3000;

export const depositOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: walletKeys.order(orderNo),
    queryFn: ({ signal }) => getDepositOrder(orderNo, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_PENDING_MS : false),
  });

export const useDepositOrder = (orderNo: string | undefined) =>
  useQuery({ ...depositOrderQuery(orderNo ?? ''), enabled: Boolean(orderNo) });
