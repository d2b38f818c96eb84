import { PaymentApi } from '@lottery/contract/payment-api';
import { SecurityApi } from '@lottery/contract/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { passwordDigest } from '../../../shared/lib/password';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';

/** Code -1 (wrong password, data 10 = locked) is handled by the popup, not by the shell. */
export const VERIFY_FAILED = -1;
const passCodes = [VERIFY_FAILED] as const;

/** users/isChangeSafetyPassword: true when a safety password is set. */
export const getHasSafetyPassword = (signal?: AbortSignal) =>
  call(SecurityApi.isChangeSafetyPassword, undefined, { signal });

export const hasSafetyPasswordQuery = () =>
  queryOptions({ queryKey: walletKeys.safety, queryFn: ({ signal }) => getHasSafetyPassword(signal) });

export const useHasSafetyPassword = () => useQuery(hasSafetyPasswordQuery());

export async function setSafetyPassword(userName: string, password: string, confirm: string): Promise<void> {
  const [safetyPassword, confirmSafetyPassword] = await Promise.all([
    encryptSafetyPassword(password, userName),
    encryptSafetyPassword(confirm, userName),
  ]);
  await call(SecurityApi.setSafetyPassword, { safetyPassword, confirmSafetyPassword });
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
  await call(
    SecurityApi.resetSafetyPassword,
    { oldSafetyPassword, password, newSafetyPassword, confirmSafetyPassword },
    { passCodes },
  );
}

export type VerifyType = 'safetyPassword' | 'bankcard' | 'redEnvelope';

export async function verifySafetyPassword(
  userName: string,
  password: string,
  verifyType: VerifyType = 'safetyPassword',
): Promise<void> {
  const safetyPassword = await encryptSafetyPassword(password, userName);
  await call(SecurityApi.verifySafetyPassword, { safetyPassword, verifyType }, { passCodes });
}

/** users/safetyCheckBankCard: the /verifyBankCard step before adding or editing a card. */
export async function safetyCheckBankCard(userName: string, password: string): Promise<void> {
  const safetyPassword = await encryptSafetyPassword(password, userName);
  await call(PaymentApi.safetyCheck, { safetyPassword }, { passCodes });
}
