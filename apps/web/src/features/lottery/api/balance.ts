import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { afterFirstScreen } from '../../../shared/lib/first-screen';

/**
 * balance/queryBalanceFront for the bet footer. Same query key as the user centre's, so a refresh
 * here (after a bet) is seen there too.
 */
export const getBalance = (signal?: AbortSignal) =>
  request<{ balance: string }>('balance/queryBalanceFront', { signal, silent: true });

export const footerBalanceQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'balance'],
    // the footer's 余额 is not drawn by the first screen: asked for once that is shown
    queryFn: afterFirstScreen(({ signal }: { signal: AbortSignal }) => getBalance(signal)),
    retry: false,
  });

export const useFooterBalance = () => useQuery(footerBalanceQuery());
