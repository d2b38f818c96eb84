import { ChaseApi } from '@lottery/contract/chase';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { DETAIL_PASS_CODES } from './record-detail';

/** betting/getChaseDetail?id=. */
export const getChaseDetail = (id: string, signal?: AbortSignal) =>
  call(ChaseApi.getChaseDetail, { id }, { signal, passCodes: DETAIL_PASS_CODES });

export const chaseDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['betting', 'chase', id],
    queryFn: ({ signal }) => getChaseDetail(id, signal),
    retry: false,
  });

/** Refetches every few seconds while an order of the chase waits to open or to be drawn. */
export const useChaseDetail = (id: string, refetchInterval: number | false) =>
  useQuery({ ...chaseDetailQuery(id), refetchInterval });
