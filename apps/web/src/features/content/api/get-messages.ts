import { MessageApi } from '@lottery/contract/content';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { nextPage, PAGE_SIZE } from '../model/paging';
import { contentKeys } from './keys';

/** users/messageList?pageNum=&pageSize=: the player's own messages, newest first. */
export const getMessages = (pageNum: number, signal?: AbortSignal) =>
  call(MessageApi.messageList, { pageNum, pageSize: PAGE_SIZE }, { signal });

export const messagesQuery = () =>
  infiniteQueryOptions({
    queryKey: contentKeys.messages,
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useMessages = () => useInfiniteQuery(messagesQuery());
