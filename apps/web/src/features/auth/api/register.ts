import { AccountApi } from '@lottery/contract/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { passwordDigest } from '../../../shared/lib/password';

export interface RegisterInput {
  userName: string;
  password: string;
  inviteCode?: string;
  imageCode?: string;
  imageCodeKey?: string;
}

export async function register(input: RegisterInput) {
  const password = await passwordDigest(input.userName, input.password);
  return call(AccountApi.register, {
    userName: input.userName,
    password,
    inviteCode: input.inviteCode || undefined,
    imageCode: input.imageCode,
    imageCodeKey: input.imageCodeKey,
  });
}

export const useRegister = () => useMutation({ mutationFn: register });
