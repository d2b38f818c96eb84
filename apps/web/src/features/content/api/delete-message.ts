import { MessageApi } from '@lottery/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** POST users/deleteMessage (id): removes one of the player's own messages. */
export const deleteMessage = (id: number) =>
  request<void>(MessageApi.deleteMessage.path, { method: 'POST', form: { id } });

export const useDeleteMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => client.invalidateQueries({ queryKey: ['content'] }),
  });
};
