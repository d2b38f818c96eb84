import type { ChaseDetailData } from '@lottery/contract/chase';
import { ChasePaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRecordDetail } from './record-detail';

/** betting/getChaseDetail?id=. */
export const getChaseDetail = (id: string, signal?: AbortSignal) =>
  getRecordDetail<ChaseDetailData>(ChasePaths.getChaseDetail, id, signal);

export const chaseDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['betting', 'chase', id],
    queryFn: ({ signal }) => getChaseDetail(id, signal),
    retry: false,
  });

/** Refetches every few seconds while an order of the chase waits to open or to be drawn. */
export const useChaseDetail = (id: string, refetchInterval: number | false) =>
  useQuery({ ...chaseDetailQuery(id), refetchInterval });
