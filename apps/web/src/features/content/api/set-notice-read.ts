import { NoticeApi } from '@lottery/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** POST users/setAnnouncementRead (id): idempotent; refreshes the list and the unread counts. */
export const setNoticeRead = (id: number) =>
  request<void>(NoticeApi.setAnnouncementRead.path, { method: 'POST', form: { id } });

export const useSetNoticeRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setNoticeRead,
    onSuccess: () => client.invalidateQueries({ queryKey: ['content'] }),
  });
};
