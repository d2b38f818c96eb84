import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { passwordDigest } from '../../../shared/lib/password';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';

/** Code -1 (wrong password, data 10 = locked) is handled by the popup, not by the shell. */
export const VERIFY_FAILED = -1;
const passCodes = [VERIFY_FAILED] as const;

/** users/isChangeSafetyPassword: true when a safety password is set. */
export const getHasSafetyPassword = (signal?: AbortSignal) =>
  request<boolean>('users/isChangeSafetyPassword', { signal });

export const hasSafetyPasswordQuery = () =>
  queryOptions({ queryKey: walletKeys.safety, queryFn: ({ signal }) => getHasSafetyPassword(signal) });

export const useHasSafetyPassword = () => useQuery(hasSafetyPasswordQuery());

export async function setSafetyPassword(userName: string, password: string, confirm: string): Promise<void> {
  const [safetyPassword, confirmSafetyPassword] = await Promise.all([
    encryptSafetyPassword(password, userName),
    encryptSafetyPassword(confirm, userName),
  ]);
  await request('users/setSafetyPassword', { form: { safetyPassword, confirmSafetyPassword } });
}

/** Reset with the current safety password, or (forgotten) with the login password. */
export async function resetSafetyPassword(
  userName: string,
  input: { oldPassword?: string; loginPassword?: string; newPassword: string; confirm: string },
): Promise<void> {
  const [oldSafetyPassword, password, newSafetyPassword, confirmSafetyPassword] = await Promise.all([
    input.oldPassword === undefined ? undefined : encryptSafetyPassword(input.oldPassword, userName),
    input.loginPassword === undefined ? undefined : passwordDigest(userName, input.loginPassword),
    encryptSafetyPassword(input.newPassword, userName),
    encryptSafetyPassword(input.confirm, userName),
  ]);
  await request('users/resetSafetyPassword', {
    form: { oldSafetyPassword, password, newSafetyPassword, confirmSafetyPassword },
    passCodes,
  });
}

export type VerifyType = 'safetyPassword' | 'bankcard' | 'redEnvelope';

export async function verifySafetyPassword(
  userName: string,
  password: string,
  verifyType: VerifyType = 'safetyPassword',
): Promise<void> {
  const safetyPassword = await encryptSafetyPassword(password, userName);
  await request('users/verifySafetyPassword', { form: { safetyPassword, verifyType }, passCodes });
}

/** users/safetyCheckBankCard: the /verifyBankCard step before adding or editing a card. */
export async function safetyCheckBankCard(userName: string, password: string): Promise<void> {
  const safetyPassword = await encryptSafetyPassword(password, userName);
  await request('users/safetyCheckBankCard', { form: { safetyPassword }, passCodes });
}
