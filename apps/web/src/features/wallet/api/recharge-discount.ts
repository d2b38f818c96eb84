import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import type { Discount } from './types';

/** activity/getRechargeDiscount: the bonus the server would add for `amount` (null when none). */
export const getRechargeDiscount = (amount: string, signal?: AbortSignal) =>
  request<Discount & { bonus: string | null }>('activity/getRechargeDiscount', {
    query: { amount },
    signal,
    silent: true,
  });

export const rechargeDiscountQuery = (amount: string) =>
  queryOptions({
    queryKey: ['wallet', 'discount', amount],
    queryFn: ({ signal }) => getRechargeDiscount(amount, signal),
    retry: false,
    staleTime: 60_000,
  });

export const useRechargeDiscount = (amount: string, enabled: boolean) =>
  useQuery({ ...rechargeDiscountQuery(amount), enabled });
