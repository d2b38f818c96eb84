import type { Endpoint } from '@lottery/contract/endpoint';
import { PaymentApi, type payoutView } from '@lottery/contract/payment-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../shared/api/call';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';
import type { Payout } from './types';

/** users/getBankCardListFront: every payout account of the player and the bound real name. */
export const getPayoutAccounts = (signal?: AbortSignal) =>
  call(PaymentApi.payoutAccounts, undefined, { signal });

export const payoutAccountsQuery = () =>
  queryOptions({ queryKey: walletKeys.payouts, queryFn: ({ signal }) => getPayoutAccounts(signal) });

export const usePayoutAccounts = () => useQuery(payoutAccountsQuery());

/** users/findUsersBankCardDetailsById */
export const getPayoutAccount = (id: number, signal?: AbortSignal) =>
  call(PaymentApi.payoutAccount, { id }, { signal });

export const usePayoutAccount = (id: number | undefined) =>
  useQuery({
    queryKey: walletKeys.payout(id ?? 0),
    queryFn: ({ signal }) => getPayoutAccount(id!, signal),
    enabled: id !== undefined && id > 0,
  });

/** users/queryBankInfo: the banks a card may belong to. */
export const getBanks = (signal?: AbortSignal) => call(PaymentApi.banks, undefined, { signal });

export const useBanks = () =>
  useQuery({ queryKey: walletKeys.banks, queryFn: ({ signal }) => getBanks(signal), staleTime: Infinity });

/** users/queryBankCardName: the bank from the card prefix (null when unknown). */
export const getBankOfCard = (cardNo: string) => call(PaymentApi.bankOfCard, { cardNo }, { silent: true });

/** The changes of a payout account, by the spec's call name (users/<name>). */
const PAYOUT_CHANGES = {
  addBankCard: PaymentApi.addBankCard,
  updateBankCardFront: PaymentApi.updateBankCard,
  addAlipay: PaymentApi.addAlipay,
  updateAlipay: PaymentApi.updateAlipay,
  addWeixin: PaymentApi.addWeixin,
  updateWeixin: PaymentApi.updateWeixin,
  addDigitalCurrency: PaymentApi.addDigitalCurrency,
  updateDigitalCurrency: PaymentApi.updateDigitalCurrency,
} as const;

export type PayoutChange = keyof typeof PAYOUT_CHANGES;

type Fields = Record<string, string | number | undefined>;

/**
 * Every change of a payout account carries the encrypted safety password. The forms build their
 * own fields (which differ by change), so the input is checked by the server, and every change
 * answers the account.
 */
export async function savePayoutAccount(
  change: PayoutChange,
  userName: string,
  safetyPassword: string,
  fields: Fields,
): Promise<Payout> {
  const encrypted = await encryptSafetyPassword(safetyPassword, userName);
  const endpoint: Endpoint<z.ZodType, typeof payoutView> = PAYOUT_CHANGES[change];
  return call(endpoint, { ...fields, safetyPassword: encrypted }, { passCodes: [-1] });
}
