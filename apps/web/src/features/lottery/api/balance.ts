import { queryOptions, useQuery } from '@tanstack/react-query';
import { balanceQuery, fetchBalance } from '../../../shared/api/balance';
import { afterFirstScreen } from '../../../shared/lib/first-screen';

/**
 * The shared balance query for the bet footer: the same key and call as every other screen's, so a
 * refresh here (after a bet) is seen there too.
 */
export const footerBalanceQuery = () =>
  queryOptions({
    ...balanceQuery(),
    // the footer's 余额 is not drawn by the first screen: asked for once that is shown
    queryFn: afterFirstScreen(({ signal }: { signal: AbortSignal }) => fetchBalance(signal)),
  });

export const useFooterBalance = () => useQuery(footerBalanceQuery());
