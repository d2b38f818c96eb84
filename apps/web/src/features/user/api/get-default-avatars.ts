import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export const getDefaultAvatars = (signal?: AbortSignal) =>
  request<string[]>('users/defaultAvatar', { signal });

export const defaultAvatarsQuery = () =>
  queryOptions({
    queryKey: ['user', 'defaultAvatar'],
    queryFn: ({ signal }) => getDefaultAvatars(signal),
    staleTime: 10 * 60_000,
  });

export const useDefaultAvatars = (enabled = true) => useQuery({ ...defaultAvatarsQuery(), enabled });
