import { PaymentApi } from '@lottery/contract/payment-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** activity/getRechargeDiscount: the bonus the server would add for `amount` (null when none). */
export const getRechargeDiscount = (amount: string, signal?: AbortSignal) =>
  call(PaymentApi.rechargeDiscount, { amount }, { signal, silent: true });

export const rechargeDiscountQuery = (amount: string) =>
  queryOptions({
    queryKey: ['wallet', 'discount', amount],
    queryFn: ({ signal }) => getRechargeDiscount(amount, signal),
    retry: false,
    staleTime: 60_000,
  });

export const useRechargeDiscount = (amount: string, enabled: boolean) =>
  useQuery({ ...rechargeDiscountQuery(amount), enabled });
