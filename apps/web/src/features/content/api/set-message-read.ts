import { MessageApi } from '@lottery/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** POST users/setMessageRead (id): idempotent; the list and the badge refresh. */
export const setMessageRead = (id: number) => call(MessageApi.setMessageRead, { id });

export const useSetMessageRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setMessageRead,
    onSuccess: () => client.invalidateQueries({ queryKey: ['content'] }),
  });
};
