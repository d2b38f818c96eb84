import { type CancelPledgeData, type PledgeOrder, YuebaoApi } from '@lottery/contract/yuebao';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** POST virtualWallet/cancelYuebaoPledgeOrderWeb: early end with the product's penalty. */
export const cancelPledge = (orderId: number) =>
  request<CancelPledgeData>(YuebaoApi.cancelYuebaoPledgeOrderWeb.path, { method: 'POST', form: { orderId } });

/** POST virtualWallet/setYuebaoPledgeOrderAutoRenewWeb. */
export const setAutoRenew = (input: { orderId: number; autoRenew: boolean }) =>
  request<PledgeOrder>(YuebaoApi.setYuebaoPledgeOrderAutoRenewWeb.path, {
    method: 'POST',
    form: { orderId: input.orderId, autoRenew: input.autoRenew ? 1 : 0 },
  });

const useRefreshing = <I, O>(fn: (input: I) => Promise<O>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['yuebao'] }),
        client.invalidateQueries({ queryKey: ['wallet', 'balance'] }),
      ]);
    },
  });
};

export const useCancelPledge = () => useRefreshing(cancelPledge);
export const useSetAutoRenew = () => useRefreshing(setAutoRenew);
