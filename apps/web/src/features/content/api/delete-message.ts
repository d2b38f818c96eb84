import { MessageApi } from '@lottery/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { contentKeys } from './keys';

/** POST users/deleteMessage (id): removes one of the player's own messages. */
export const deleteMessage = (id: number) => call(MessageApi.deleteMessage, { id });

export const useDeleteMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    // Every content query is read again except the deleted message's own: read again, it would
    // answer 消息不存在 right after 删除成功 (the page leaves; its cache goes with removeDeleted).
    onSuccess: (_, id) =>
      client.invalidateQueries({
        queryKey: ['content'],
        predicate: (q) => !isMessageKey(q.queryKey, id),
      }),
  });
};

const isMessageKey = (key: readonly unknown[], id: number) =>
  contentKeys.message(id).every((part, i) => key[i] === part);

/** After the page left a deleted message: drop its cache (nothing reads it again). */
export const useRemoveDeleted = () => {
  const client = useQueryClient();
  return (id: number) => client.removeQueries({ queryKey: contentKeys.message(id), exact: true });
};
