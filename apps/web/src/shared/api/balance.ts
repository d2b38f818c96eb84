import type { WalletApi } from '@lottery/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from './call';

/**
 * balance/queryBalanceFront, by its path and type only: the play page's footer shows the balance,
 * and the contract's schemas (zod) stay out of its first load (docs/web.md, speed). balance.test.ts
 * holds it equal to the contract's.
 */
export const BalanceEndpoint: typeof WalletApi.queryBalanceFront = {
  method: 'GET',
  path: 'balance/queryBalanceFront',
  summary: "The player's wallet balance",
  login: true,
};

/**
 * The one cache key of the player's wallet balance, for every screen that shows it (user centre,
 * bet footer) and every call that moves money (which invalidates it). It sits under ['wallet'], so
 * the wallet's refresh of everything it knows includes it.
 */
export const balanceKey = ['wallet', 'balance'] as const;

export type Balance = CallReply<typeof WalletApi.queryBalanceFront>;

/** Silent: a screen shows `--` until the answer, never a toast over it. */
export const fetchBalance = (signal?: AbortSignal) =>
  call(BalanceEndpoint, undefined, { signal, silent: true });

export const balanceQuery = () =>
  queryOptions({
    queryKey: balanceKey,
    queryFn: ({ signal }) => fetchBalance(signal),
    retry: false,
  });

export const useBalance = (enabled = true) => useQuery({ ...balanceQuery(), enabled });
