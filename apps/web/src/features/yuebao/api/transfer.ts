import { encryptSafetyPasswordWeb } from '@lottery/contract/security';
import { YuebaoApi } from '@lottery/contract/yuebao';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../shared/api/balance';
import { call } from '../../../shared/api/call';
import { serverNow } from '../../../shared/api/server-time';

export type TransferInput = {
  direction: 'in' | 'out';
  amount: string;
  password: string;
  userName: string;
  /** one per opened sheet: a retried submit is applied once */
  requestId: string;
};

/**
 * POST balance/transferInYuebao | transferOutYuebao with the encrypted safety password, stamped
 * with the server's time (it refuses a stamp far from its clock, whatever the phone's clock says).
 */
export async function transferYuebao(input: TransferInput) {
  const endpoint = input.direction === 'in' ? YuebaoApi.transferIn : YuebaoApi.transferOut;
  const safetyPassword = await encryptSafetyPasswordWeb(input.password, input.userName, serverNow());
  return call(endpoint, { amount: input.amount, safetyPassword, requestId: input.requestId });
}

export const useTransferYuebao = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: transferYuebao,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['yuebao'] }),
        client.invalidateQueries({ queryKey: balanceKey }),
      ]);
    },
  });
};
