import { PaymentApi } from '@lottery/contract/payment-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';
import type { Withdraw } from './types';

/** users/queryUsersTenantConfigWithdrawSettingFront: limits, daily count and fee. */
export const getWithdrawSetting = (signal?: AbortSignal) =>
  call(PaymentApi.withdrawSetting, undefined, { signal });

export const withdrawSettingQuery = () =>
  queryOptions({ queryKey: walletKeys.withdrawSetting, queryFn: ({ signal }) => getWithdrawSetting(signal) });

export const useWithdrawSetting = () => useQuery(withdrawSettingQuery());

/** transaction/getWithdrawLimitFlowList: turnover still to wager before a withdrawal. */
export const getTurnover = (signal?: AbortSignal) =>
  call(PaymentApi.withdrawLimitFlow, undefined, { signal });

export const turnoverQuery = () =>
  queryOptions({ queryKey: walletKeys.turnover, queryFn: ({ signal }) => getTurnover(signal) });

export const useTurnover = () => useQuery(turnoverQuery());

export interface WithdrawInput {
  userName: string;
  amount: string;
  accountId: number;
  safetyPassword: string;
}

/** POST transaction/saveFrontWithdrawRecord: money moves to escrow until the operator decides. */
export async function saveWithdraw(input: WithdrawInput): Promise<Withdraw> {
  const safetyPassword = await encryptSafetyPassword(input.safetyPassword, input.userName);
  return call(
    PaymentApi.withdraw,
    { amount: input.amount, accountId: input.accountId, safetyPassword },
    { passCodes: [-1] },
  );
}
