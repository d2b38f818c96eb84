import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';
import type { Payout, PayoutAccounts } from './types';

/** users/getBankCardListFront: every payout account of the player and the bound real name. */
export const getPayoutAccounts = (signal?: AbortSignal) =>
  request<PayoutAccounts>('users/getBankCardListFront', { signal });

export const payoutAccountsQuery = () =>
  queryOptions({ queryKey: walletKeys.payouts, queryFn: ({ signal }) => getPayoutAccounts(signal) });

export const usePayoutAccounts = () => useQuery(payoutAccountsQuery());

/** users/findUsersBankCardDetailsById */
export const getPayoutAccount = (id: number, signal?: AbortSignal) =>
  request<Payout>('users/findUsersBankCardDetailsById', { query: { id }, signal });

export const usePayoutAccount = (id: number | undefined) =>
  useQuery({
    queryKey: walletKeys.payout(id ?? 0),
    queryFn: ({ signal }) => getPayoutAccount(id!, signal),
    enabled: id !== undefined && id > 0,
  });

/** users/queryBankInfo: the banks a card may belong to. */
export const getBanks = (signal?: AbortSignal) =>
  request<{ bankCode: string; bankName: string }[]>('users/queryBankInfo', { signal });

export const useBanks = () =>
  useQuery({ queryKey: walletKeys.banks, queryFn: ({ signal }) => getBanks(signal), staleTime: Infinity });

/** users/queryBankCardName: the bank from the card prefix (null when unknown). */
export const getBankOfCard = (cardNo: string) =>
  request<{ bankCode: string; bankName: string } | null>('users/queryBankCardName', {
    query: { cardNo },
    silent: true,
  });

type Fields = Record<string, string | number | undefined>;

/**
 * Every change of a payout account carries the encrypted safety password; `path` is one of
 * addBankCard, updateBankCardFront, addAlipay, updateAlipay, addWeixin, updateWeixin,
 * addDigitalCurrency, updateDigitalCurrency.
 */
export async function savePayoutAccount(
  path: string,
  userName: string,
  safetyPassword: string,
  fields: Fields,
): Promise<Payout> {
  const encrypted = await encryptSafetyPassword(safetyPassword, userName);
  return request<Payout>(`users/${path}`, {
    form: { ...fields, safetyPassword: encrypted },
    passCodes: [-1],
  });
}
