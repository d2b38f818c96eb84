import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export interface RegisterVerify {
  imageCode: boolean;
  inviteCode: 'required' | 'optional' | 'off';
  /** the field rules the form states (users/getNewRegisterVerifyFront) */
  userNameRule?: string;
  passwordRule?: string;
}

/** users/getNewRegisterVerifyFront: the register checks with the field rules (docs/api.md). */
export const getRegisterVerifyFront = (signal?: AbortSignal) =>
  request<RegisterVerify>('users/getNewRegisterVerifyFront', { signal });

export const registerVerifyQuery = () =>
  queryOptions({
    queryKey: ['auth', 'registerVerify'],
    queryFn: ({ signal }) => getRegisterVerifyFront(signal),
  });

export const useRegisterVerify = () => useQuery(registerVerifyQuery());
