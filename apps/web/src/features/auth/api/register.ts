import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { passwordDigest } from '../../../shared/lib/password';
import type { UserInfo } from '../../../shared/stores/user';

export interface RegisterInput {
  userName: string;
  password: string;
  inviteCode?: string;
  imageCode?: string;
  imageCodeKey?: string;
}

export async function register(input: RegisterInput): Promise<UserInfo> {
  const password = await passwordDigest(input.userName, input.password);
  return request<UserInfo>('users/register', {
    form: {
      userName: input.userName,
      password,
      inviteCode: input.inviteCode || undefined,
      imageCode: input.imageCode,
      imageCodeKey: input.imageCodeKey,
    },
  });
}

export const useRegister = () => useMutation({ mutationFn: register });
