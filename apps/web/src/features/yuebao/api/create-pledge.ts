import { encryptSafetyPasswordWeb } from '@lottery/contract/security';
import { YuebaoApi } from '@lottery/contract/yuebao';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../shared/api/balance';
import { call } from '../../../shared/api/call';
import { serverNow } from '../../../shared/api/server-time';

export type CreatePledgeInput = {
  productId: number;
  amount: string;
  autoRenew: boolean;
  password: string;
  userName: string;
  requestId: string;
};

/** POST virtualWallet/createYuebaoPledgeOrder (safetyPassword encrypted, spec §5). */
export async function createPledge(input: CreatePledgeInput) {
  const safetyPassword = await encryptSafetyPasswordWeb(input.password, input.userName, serverNow());
  return call(YuebaoApi.createYuebaoPledgeOrder, {
    productId: input.productId,
    amount: input.amount,
    autoRenew: input.autoRenew ? 1 : 0,
    safetyPassword,
    requestId: input.requestId,
  });
}

export const useCreatePledge = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPledge,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['yuebao'] }),
        client.invalidateQueries({ queryKey: balanceKey }),
      ]);
    },
  });
};
