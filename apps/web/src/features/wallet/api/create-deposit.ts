import type { DepositChannel } from '@lottery/contract/wallet';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import type { CreatedDeposit } from './types';

export interface CreateDepositInput {
  channel: DepositChannel;
  amount: string;
  depositorName?: string;
}

/** POST transaction/rechargeFrontPaymentRecord: a deposit order (payUrl or the receiving account). */
export const createDeposit = (input: CreateDepositInput) =>
  request<CreatedDeposit>('transaction/rechargeFrontPaymentRecord', {
    form: { channel: input.channel, amount: input.amount, depositorName: input.depositorName },
  });

export const useCreateDeposit = () => useMutation({ mutationFn: createDeposit });
