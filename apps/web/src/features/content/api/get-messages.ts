import { type ContentPage, MessageApi } from '@lottery/contract/content';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { nextPage, PAGE_SIZE } from '../model/paging';
import { contentKeys } from './keys';

/** users/messageList?pageNum=&pageSize=: the player's own messages, newest first. */
export const getMessages = (pageNum: number, signal?: AbortSignal) =>
  request<ContentPage>(MessageApi.messageList.path, { query: { pageNum, pageSize: PAGE_SIZE }, signal });

export const messagesQuery = () =>
  infiniteQueryOptions({
    queryKey: contentKeys.messages,
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useMessages = () => useInfiniteQuery(messagesQuery());
