import { NoticeApi } from '@lottery/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** POST users/setAnnouncementRead (id): idempotent; refreshes the list and the unread counts. */
export const setNoticeRead = (id: number) => call(NoticeApi.setAnnouncementRead, { id });

export const useSetNoticeRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setNoticeRead,
    onSuccess: () => client.invalidateQueries({ queryKey: ['content'] }),
  });
};
