import { YuebaoApi } from '@lottery/contract/yuebao';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../shared/api/balance';
import { call } from '../../../shared/api/call';

/** POST virtualWallet/cancelYuebaoPledgeOrderWeb: early end with the product's penalty. */
export const cancelPledge = (orderId: number) => call(YuebaoApi.cancelYuebaoPledgeOrderWeb, { orderId });

/** POST virtualWallet/setYuebaoPledgeOrderAutoRenewWeb. */
export const setAutoRenew = (input: { orderId: number; autoRenew: boolean }) =>
  call(YuebaoApi.setYuebaoPledgeOrderAutoRenewWeb, {
    orderId: input.orderId,
    autoRenew: input.autoRenew ? 1 : 0,
  });

const useRefreshing = <I, O>(fn: (input: I) => Promise<O>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['yuebao'] }),
        client.invalidateQueries({ queryKey: balanceKey }),
      ]);
    },
  });
};

export const useCancelPledge = () => useRefreshing(cancelPledge);
export const useSetAutoRenew = () => useRefreshing(setAutoRenew);
