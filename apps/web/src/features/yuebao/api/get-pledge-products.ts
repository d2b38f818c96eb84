import { YuebaoApi } from '@lottery/contract/yuebao';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET virtualWallet/getPledgeProducts: term, rate, limits, cap and the player's holding count. */
export const getPledgeProducts = (signal?: AbortSignal) =>
  call(YuebaoApi.getPledgeProducts, undefined, { signal });

export const pledgeProductsQuery = (userId: number | string) =>
  queryOptions({
    queryKey: ['yuebao', userId, 'products'],
    queryFn: ({ signal }) => getPledgeProducts(signal),
    staleTime: 0,
  });

export const usePledgeProducts = (userId: number | string, enabled = true) =>
  useQuery({ ...pledgeProductsQuery(userId), enabled });
