import { SecurityApi } from '@lottery/contract/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';
import { passwordDigest } from '../../../shared/lib/password';
import { encryptSafetyPassword } from '../model/safety-cipher';
import { walletKeys } from './keys';

/** users/securityList: what is set in the security centre (masked phone and mail). */
export const getSecurityList = (signal?: AbortSignal) =>
  call(SecurityApi.securityList, undefined, { signal });

export const securityListQuery = () =>
  queryOptions({ queryKey: walletKeys.security, queryFn: ({ signal }) => getSecurityList(signal) });

export const useSecurityList = () => useQuery(securityListQuery());

export const sendPhoneCode = (phone: string) => call(SecurityApi.sendPhoneCode, { phone });
export const verifyPhoneCode = (phone: string, code: string) =>
  call(SecurityApi.verifyPhoneCode, { phone, code });
export const sendMailCode = (mail: string) => call(SecurityApi.sendMailCode, { mail });
export const verifyMailCode = (mail: string, code: string) =>
  call(SecurityApi.verifyMailCode, { mail, code });

export type SafetyQuestion = CallReply<typeof SecurityApi.safeQuestionList>[number];

/** users/safeQuestionList (no login needed: forgotten passwords use it too). */
export const getQuestions = (signal?: AbortSignal) =>
  call(SecurityApi.safeQuestionList, undefined, { signal });

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
  await call(
    SecurityApi.setSafetyQuestion,
    { questionId: input.questionId, answer: input.answer, safetyPassword },
    { passCodes: [-1] },
  );
}

export type RecoveryWay = 'phone' | 'mail' | 'question';

/** users/forgetPassword without a code: the code goes to the bound phone or mail. */
export async function sendRecoveryCode(userName: string, way: 'phone' | 'mail') {
  const reply = await call(SecurityApi.forgetPassword, { userName, way });
  // the contract's union: a request without a code or an answer is answered where the code went
  if (!('target' in reply)) throw new Error('users/forgetPassword answered a token to a code request');
  return reply;
}

/** users/forgetPassword with the code, or the security question: a one-time reset token. */
export async function proveOwnership(
  userName: string,
  input: { way: RecoveryWay; code?: string; questionId?: number; answer?: string },
) {
  const reply = await call(SecurityApi.forgetPassword, { userName, ...input });
  if (!('token' in reply)) throw new Error('users/forgetPassword answered no token to a proof');
  return reply;
}

/** users/forgetPasswordReset: the new login password (digest); every session is revoked. */
export async function resetForgottenPassword(
  userName: string,
  token: string,
  password: string,
): Promise<void> {
  await call(SecurityApi.forgetPasswordReset, { token, password: await passwordDigest(userName, password) });
}
