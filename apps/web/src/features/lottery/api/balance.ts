import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/**
 * balance/queryBalanceFront for the bet footer. Same query key as the user centre's, so a refresh
 * here (after a bet) is seen there too.
 */
export const getBalance = (signal?: AbortSignal) =>
  request<{ balance: string }>('balance/queryBalanceFront', { signal, silent: true });

export const footerBalanceQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'balance'],
    queryFn: ({ signal }) => getBalance(signal),
    retry: false,
  });

export const useFooterBalance = () => useQuery(footerBalanceQuery());
