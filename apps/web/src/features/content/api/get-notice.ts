import { NoticeApi } from '@lottery/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { isRecordId } from '../../../shared/lib/record-id';
import { contentKeys } from './keys';

/** users/announcementContent?id=: one notice, body already sanitised by the server. */
export const getNotice = (id: number, signal?: AbortSignal) =>
  call(NoticeApi.announcementContent, { id }, { signal });

export const noticeQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.notice(id),
    queryFn: ({ signal }) => getNotice(id, signal),
    enabled: isRecordId(id),
  });

export const useNotice = (id: number) => useQuery(noticeQuery(id));
