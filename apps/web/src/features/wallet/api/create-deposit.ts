import { PaymentApi } from '@lottery/contract/payment-api';
import { useMutation } from '@tanstack/react-query';
import { type CallInput, call } from '../../../shared/api/call';

export type CreateDepositInput = CallInput<typeof PaymentApi.recharge>;

/** POST transaction/rechargeFrontPaymentRecord: a deposit order (payUrl or the receiving account). */
export const createDeposit = (input: CreateDepositInput) =>
  call(PaymentApi.recharge, {
    channel: input.channel,
    amount: input.amount,
    depositorName: input.depositorName,
  });

export const useCreateDeposit = () => useMutation({ mutationFn: createDeposit });
