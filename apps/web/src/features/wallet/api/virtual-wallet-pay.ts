import { Code } from '@lottery/contract/codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';
import type { Deposit } from './types';

export interface VirtualWalletCashier {
  /** yuebao is on for the tenant */
  enabled: boolean;
  yuebaoBalance: string;
  payable: Deposit[];
}

/** GET transaction/frontVirtualWalletPay: what the yuebao balance can pay. */
export const getVirtualWalletCashier = (signal?: AbortSignal) =>
  request<VirtualWalletCashier>('transaction/frontVirtualWalletPay', { signal, silent: true });

export const virtualWalletQuery = () =>
  queryOptions({
    queryKey: [...walletKeys.all, 'virtualWallet'] as const,
    queryFn: ({ signal }) => getVirtualWalletCashier(signal),
  });

export const useVirtualWalletCashier = (enabled: boolean) => useQuery({ ...virtualWalletQuery(), enabled });

/** POST transaction/frontVirtualWalletPay: pay one own pending order from yuebao (safety password). */
export async function payFromVirtualWallet(
  userName: string,
  orderNo: string,
  password: string,
): Promise<void> {
  const safetyPassword = await encryptSafetyPassword(password, userName);
  await request('transaction/frontVirtualWalletPay', {
    form: { orderNo, safetyPassword },
    passCodes: [Code.VERIFY_FAILED],
  });
}
