import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import type { UserInfo } from '../../../shared/stores/user';

export interface InfoUpdateInput {
  nickName?: string;
  gender?: number;
  avatar?: string;
}

export const updateUserInfo = (input: InfoUpdateInput) =>
  request<UserInfo>('users/infoUpdate', { form: { ...input } });

export const useUpdateUserInfo = () => useMutation({ mutationFn: updateUserInfo });
