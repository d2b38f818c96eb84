import { Code } from '@lottery/contract/codes';
import { PaymentApi } from '@lottery/contract/payment-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';

/** What the yuebao balance can pay (`enabled`: yuebao is on for the tenant). */
export type VirtualWalletCashier = CallReply<typeof PaymentApi.virtualWalletCashier>;

/** GET transaction/frontVirtualWalletPay: what the yuebao balance can pay. */
export const getVirtualWalletCashier = (signal?: AbortSignal) =>
  call(PaymentApi.virtualWalletCashier, undefined, { signal, silent: true });

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
  await call(PaymentApi.virtualWalletPay, { orderNo, safetyPassword }, { passCodes: [Code.VERIFY_FAILED] });
}
