import { HallReads } from '@lottery/contract/first-screen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export interface Announcement {
  id: number | string;
  title: string;
  content: string;
  createdAt: number | string;
}

export const getAnnouncements = (signal?: AbortSignal) =>
  request<Announcement[]>(HallReads.notices, { signal });

export const announcementsQuery = () =>
  queryOptions({
    queryKey: ['site', 'announcements'],
    queryFn: ({ signal }) => getAnnouncements(signal),
    staleTime: 60_000,
  });

export const useAnnouncements = () => useQuery(announcementsQuery());
