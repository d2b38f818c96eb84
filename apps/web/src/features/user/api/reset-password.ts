import { AccountApi } from '@lottery/contract/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { passwordDigest } from '../../../shared/lib/password';

export interface ResetPasswordInput {
  userName: string;
  oldPassword: string;
  newPassword: string;
}

export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  const [oldPassword, newPassword] = await Promise.all([
    passwordDigest(input.userName, input.oldPassword),
    passwordDigest(input.userName, input.newPassword),
  ]);
  await call(AccountApi.resetPassword, { oldPassword, newPassword });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
