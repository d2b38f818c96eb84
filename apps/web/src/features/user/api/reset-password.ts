import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { passwordDigest } from '../../../shared/lib/password';

export interface ResetPasswordInput {
  userName: string;
  oldPassword: string;
  newPassword: string;
}

export async function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  const [oldPassword, newPassword] = await Promise.all([
    passwordDigest(input.userName, input.oldPassword),
    passwordDigest(input.userName, input.newPassword),
  ]);
  return request<unknown>('users/resetPassword', { form: { oldPassword, newPassword } });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
