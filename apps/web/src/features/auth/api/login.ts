import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { passwordDigest } from '../../../shared/lib/password';
import type { UserInfo } from '../../../shared/stores/user';

export interface LoginInput {
  userName: string;
  password: string;
  imageCode?: string;
  imageCodeKey?: string;
}

export async function login(input: LoginInput): Promise<UserInfo> {
  const password = await passwordDigest(input.userName, input.password);
  return request<UserInfo>('users/login', {
    form: {
      userName: input.userName,
      password,
      random: String(Date.now()),
      imageCode: input.imageCode,
      imageCodeKey: input.imageCodeKey,
    },
  });
}

export const useLogin = () => useMutation({ mutationFn: login });
