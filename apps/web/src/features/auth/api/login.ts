import { AccountApi } from '@lottery/contract/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { passwordDigest } from '../../../shared/lib/password';

export interface LoginInput {
  userName: string;
  password: string;
  imageCode?: string;
  imageCodeKey?: string;
}

export async function login(input: LoginInput) {
  const password = await passwordDigest(input.userName, input.password);
  return call(AccountApi.login, {
    userName: input.userName,
    password,
    random: String(Date.now()),
    imageCode: input.imageCode,
    imageCodeKey: input.imageCodeKey,
  });
}

export const useLogin = () => useMutation({ mutationFn: login });
