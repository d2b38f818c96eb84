import { YuebaoApi } from '@lottery/contract/yuebao';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET virtualWallet/getMyYuebaoPledgeOrderList: the player's orders, newest first (first 50). */
export const getPledgeOrders = (signal?: AbortSignal) =>
  call(YuebaoApi.getMyYuebaoPledgeOrderList, { pageSize: 50 }, { signal });

export const pledgeOrdersQuery = (userId: number | string) =>
  queryOptions({
    queryKey: ['yuebao', userId, 'orders'],
    queryFn: ({ signal }) => getPledgeOrders(signal),
    staleTime: 0,
  });

export const usePledgeOrders = (userId: number | string) => useQuery(pledgeOrdersQuery(userId));
