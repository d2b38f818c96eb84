import { type PledgeOrderList, YuebaoApi } from '@lottery/contract/yuebao';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** GET virtualWallet/getMyYuebaoPledgeOrderList: the player's orders, newest first (first 50). */
export const getPledgeOrders = (signal?: AbortSignal) =>
  request<PledgeOrderList>(YuebaoApi.getMyYuebaoPledgeOrderList.path, { query: { pageSize: 50 }, signal });

export const pledgeOrdersQuery = (userId: number | string) =>
  queryOptions({
    queryKey: ['yuebao', userId, 'orders'],
    queryFn: ({ signal }) => getPledgeOrders(signal),
    staleTime: 0,
  });

export const usePledgeOrders = (userId: number | string) => useQuery(pledgeOrdersQuery(userId));
