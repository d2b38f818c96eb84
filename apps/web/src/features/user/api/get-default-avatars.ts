import { AccountApi } from '@lottery/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export const getDefaultAvatars = (signal?: AbortSignal) =>
  call(AccountApi.defaultAvatar, undefined, { signal });

export const defaultAvatarsQuery = () =>
  queryOptions({
    queryKey: ['user', 'defaultAvatar'],
    queryFn: ({ signal }) => getDefaultAvatars(signal),
    staleTime: 10 * 60_000,
  });

export const useDefaultAvatars = (enabled = true) => useQuery({ ...defaultAvatarsQuery(), enabled });
