import { type PledgeProduct, YuebaoApi } from '@lottery/contract/yuebao';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** GET virtualWallet/getPledgeProducts: term, rate, limits, cap and the player's holding count. */
export const getPledgeProducts = (signal?: AbortSignal) =>
  request<PledgeProduct[]>(YuebaoApi.getPledgeProducts.path, { signal });

export const pledgeProductsQuery = (userId: number | string) =>
  queryOptions({
    queryKey: ['yuebao', userId, 'products'],
    queryFn: ({ signal }) => getPledgeProducts(signal),
    staleTime: 0,
  });

export const usePledgeProducts = (userId: number | string, enabled = true) =>
  useQuery({ ...pledgeProductsQuery(userId), enabled });
