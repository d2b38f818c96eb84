import { AccountApi } from '@lottery/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';

/** What registration needs, with the field rules the form states. */
export type RegisterVerify = CallReply<typeof AccountApi.getNewRegisterVerifyFront>;

/** users/getNewRegisterVerifyFront: the register checks with the field rules (docs/api.md). */
export const getRegisterVerifyFront = (signal?: AbortSignal) =>
  call(AccountApi.getNewRegisterVerifyFront, undefined, { signal });

export const registerVerifyQuery = () =>
  queryOptions({
    queryKey: ['auth', 'registerVerify'],
    queryFn: ({ signal }) => getRegisterVerifyFront(signal),
  });

export const useRegisterVerify = () => useQuery(registerVerifyQuery());
