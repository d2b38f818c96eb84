import { AccountApi } from '@lottery/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';

export type ImageCode = CallReply<typeof AccountApi.imageCode>;

export const getImageCode = (signal?: AbortSignal) => call(AccountApi.imageCode, undefined, { signal });

export const imageCodeQuery = () =>
  queryOptions({
    queryKey: ['auth', 'imageCode'],
    queryFn: ({ signal }) => getImageCode(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useImageCode = (enabled: boolean) => useQuery({ ...imageCodeQuery(), enabled });
