import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { walletKeys } from './keys';

/** virtualWallet/myBalance: spendable, frozen (pending withdrawals) and total. */
export interface MyBalance {
  balance: string;
  frozenBalance: string;
  totalBalance: string;
}

export const getMyBalance = (signal?: AbortSignal) =>
  request<MyBalance>('virtualWallet/myBalance', { signal });

export const myBalanceQuery = () =>
  queryOptions({ queryKey: walletKeys.myBalance, queryFn: ({ signal }) => getMyBalance(signal) });

export const useMyBalance = () => useQuery(myBalanceQuery());
