import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export interface ImageCode {
  key: string;
  image: string;
}

export const getImageCode = (signal?: AbortSignal) => request<ImageCode>('users/imageCode', { signal });

export const imageCodeQuery = () =>
  queryOptions({
    queryKey: ['auth', 'imageCode'],
    queryFn: ({ signal }) => getImageCode(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useImageCode = (enabled: boolean) => useQuery({ ...imageCodeQuery(), enabled });
