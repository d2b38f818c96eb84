import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import type { UserInfo } from '../../../shared/stores/user';

export const getUserInfo = (signal?: AbortSignal) => request<UserInfo>('users/info', { signal });

export const userInfoQuery = () =>
  queryOptions({ queryKey: ['user', 'info'], queryFn: ({ signal }) => getUserInfo(signal) });

export const useUserInfo = () => useQuery(userInfoQuery());
