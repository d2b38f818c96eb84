import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/**
 * balance/queryBalanceFront (built by the wallet engineer). Silent: until the wallet lands the
 * call may 404, and the user centre then shows 0.00 instead of an error.
 */
export const queryBalance = (signal?: AbortSignal) =>
  request<{ balance: string }>('balance/queryBalanceFront', { signal, silent: true });

export const balanceQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'balance'],
    queryFn: ({ signal }) => queryBalance(signal),
    retry: false,
  });

export const useBalance = (enabled: boolean) => useQuery({ ...balanceQuery(), enabled });
