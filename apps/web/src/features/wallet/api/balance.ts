import { WalletApi } from '@lottery/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { walletKeys } from './keys';

/** virtualWallet/myBalance: spendable, frozen (pending withdrawals) and total. */
export const getMyBalance = (signal?: AbortSignal) => call(WalletApi.myBalance, undefined, { signal });

export const myBalanceQuery = () =>
  queryOptions({ queryKey: walletKeys.myBalance, queryFn: ({ signal }) => getMyBalance(signal) });

export const useMyBalance = () => useQuery(myBalanceQuery());
