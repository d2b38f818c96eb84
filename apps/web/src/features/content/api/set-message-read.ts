import { MessageApi } from '@lottery/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** POST users/setMessageRead (id): idempotent; the list and the badge refresh. */
export const setMessageRead = (id: number) =>
  request<void>(MessageApi.setMessageRead.path, { method: 'POST', form: { id } });

export const useSetMessageRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setMessageRead,
    onSuccess: () => client.invalidateQueries({ queryKey: ['content'] }),
  });
};
