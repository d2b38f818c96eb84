import { MessageApi } from '@lottery/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { isRecordId } from '../../../shared/lib/record-id';
import { contentKeys } from './keys';

/** users/messageContent?id=: one of the player's own messages, body sanitised by the server. */
export const getMessage = (id: number, signal?: AbortSignal) =>
  call(MessageApi.messageContent, { id }, { signal });

export const messageQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.message(id),
    queryFn: ({ signal }) => getMessage(id, signal),
    enabled: isRecordId(id),
  });

export const useMessage = (id: number) => useQuery(messageQuery(id));
