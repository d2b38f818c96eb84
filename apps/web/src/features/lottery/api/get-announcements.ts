import { HallReads } from '@lottery/contract/first-screen';
import type { ContentApi } from '@lottery/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';

/**
 * users/announcement, by its path and type only (a first-screen read of the hall: no zod in its
 * first load). first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const NoticesEndpoint: typeof ContentApi.announcement = {
  method: 'GET',
  path: HallReads.notices,
  summary: 'Notices for the marquee, newest first',
};

export type Announcement = CallReply<typeof ContentApi.announcement>[number];

export const getAnnouncements = (signal?: AbortSignal) => call(NoticesEndpoint, undefined, { signal });

export const announcementsQuery = () =>
  queryOptions({
    queryKey: ['site', 'announcements'],
    queryFn: ({ signal }) => getAnnouncements(signal),
    staleTime: 60_000,
  });

export const useAnnouncements = () => useQuery(announcementsQuery());
