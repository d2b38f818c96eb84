import { type ContentDetail, NoticeApi } from '@lottery/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { isRecordId } from '../../../shared/lib/record-id';
import { contentKeys } from './keys';

/** users/announcementContent?id=: one notice, body already sanitised by the server. */
export const getNotice = (id: number, signal?: AbortSignal) =>
  request<ContentDetail>(NoticeApi.announcementContent.path, { query: { id }, signal });

export const noticeQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.notice(id),
    queryFn: ({ signal }) => getNotice(id, signal),
    enabled: isRecordId(id),
  });

export const useNotice = (id: number) => useQuery(noticeQuery(id));
