import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { passwordDigest } from '../../../shared/lib/password';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';
import type { SecurityItem } from './types';

/** users/securityList: what is set in the security centre (masked phone and mail). */
export const getSecurityList = (signal?: AbortSignal) =>
  request<SecurityItem[]>('users/securityList', { signal });

export const securityListQuery = () =>
  queryOptions({ queryKey: walletKeys.security, queryFn: ({ signal }) => getSecurityList(signal) });

export const useSecurityList = () => useQuery(securityListQuery());

export const sendPhoneCode = (phone: string) =>
  request<{ target: string }>('users/sendPhoneCode', { form: { phone } });
export const verifyPhoneCode = (phone: string, code: string) =>
  request<{ phone: string }>('users/verifyPhoneCode', { form: { phone, code } });
export const sendMailCode = (mail: string) =>
  request<{ target: string }>('users/sendMailCode', { form: { mail } });
export const verifyMailCode = (mail: string, code: string) =>
  request<{ mail: string }>('users/verifyMailCode', { form: { mail, code } });

export interface SafetyQuestion {
  id: number;
  question: string;
}

/** users/safeQuestionList (no login needed: forgotten passwords use it too). */
export const getQuestions = (signal?: AbortSignal) =>
  request<SafetyQuestion[]>('users/safeQuestionList', { signal });

export const useQuestions = () =>
  useQuery({
    queryKey: walletKeys.questions,
    queryFn: ({ signal }) => getQuestions(signal),
    staleTime: Infinity,
  });

export async function setSafetyQuestion(
  userName: string,
  input: { questionId: number; answer: string; safetyPassword: string },
): Promise<void> {
  const safetyPassword = await encryptSafetyPassword(input.safetyPassword, userName);
  await request('users/setSafetyQuestion', {
    form: { questionId: input.questionId, answer: input.answer, safetyPassword },
    passCodes: [-1],
  });
}

export type RecoveryWay = 'phone' | 'mail' | 'question';

/** users/forgetPassword without a code: the code goes to the bound phone or mail. */
export const sendRecoveryCode = (userName: string, way: 'phone' | 'mail') =>
  request<{ sent: boolean; target: string }>('users/forgetPassword', { form: { userName, way } });

/** users/forgetPassword with the code, or the security question: a one-time reset token. */
export const proveOwnership = (
  userName: string,
  input: { way: RecoveryWay; code?: string; questionId?: number; answer?: string },
) => request<{ token: string }>('users/forgetPassword', { form: { userName, ...input } });

/** users/forgetPasswordReset: the new login password (digest); every session is revoked. */
export async function resetForgottenPassword(
  userName: string,
  token: string,
  password: string,
): Promise<void> {
  await request('users/forgetPasswordReset', {
    form: { token, password: await passwordDigest(userName, password) },
  });
}
