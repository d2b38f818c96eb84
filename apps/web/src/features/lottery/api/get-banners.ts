import { HallReads } from '@lottery/contract/first-screen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export interface Banner {
  id: number | string;
  imageUrl: string;
  linkUrl?: string;
  title?: string;
}

export const getBanners = (signal?: AbortSignal) => request<Banner[]>(HallReads.banners, { signal });

export const bannersQuery = () =>
  queryOptions({
    queryKey: ['site', 'banners'],
    queryFn: ({ signal }) => getBanners(signal),
    staleTime: 60_000,
  });

export const useBanners = () => useQuery(bannersQuery());
