import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export interface RegisterVerify {
  imageCode: boolean;
  inviteCode: 'required' | 'optional' | 'off';
}

export const getRegisterVerifyFront = (signal?: AbortSignal) =>
  request<RegisterVerify>('users/getRegisterVerifyFront', { signal });

export const registerVerifyQuery = () =>
  queryOptions({
    queryKey: ['auth', 'registerVerify'],
    queryFn: ({ signal }) => getRegisterVerifyFront(signal),
  });

export const useRegisterVerify = () => useQuery(registerVerifyQuery());
