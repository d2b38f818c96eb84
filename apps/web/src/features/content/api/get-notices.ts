import { NoticeApi } from '@lottery/contract/content';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { nextPage, PAGE_SIZE } from '../model/paging';
import { contentKeys } from './keys';

/** users/announcementList?pageNum=&pageSize=: notices, newest first. */
export const getNotices = (pageNum: number, signal?: AbortSignal) =>
  call(NoticeApi.announcementList, { pageNum, pageSize: PAGE_SIZE }, { signal });

export const noticesQuery = () =>
  infiniteQueryOptions({
    queryKey: contentKeys.notices,
    queryFn: ({ pageParam, signal }) => getNotices(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useNotices = () => useInfiniteQuery(noticesQuery());
