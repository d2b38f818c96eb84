import type { ChaseDetailData } from '@lottery/contract/chase';
import { Code } from '@lottery/contract/codes';
import { ChasePaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestEnvelope } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/envelope';

/** betting/getChaseDetail?id=. A failure comes back to the page (shows msg and goes back). */
export async function getChaseDetail(id: string, signal?: AbortSignal): Promise<ChaseDetailData> {
  const envelope = await requestEnvelope<ChaseDetailData>(ChasePaths.getChaseDetail, {
    query: { id },
    signal,
    passCodes: [-2, -500],
  });
  if (envelope.code !== Code.OK || !envelope.data) {
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  }
  return envelope.data;
}

export const chaseDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['betting', 'chase', id],
    queryFn: ({ signal }) => getChaseDetail(id, signal),
    retry: false,
  });

/** Refetches every few seconds while an order of the chase waits to open or to be drawn. */
export const useChaseDetail = (id: string, refetchInterval: number | false) =>
  useQuery({ ...chaseDetailQuery(id), refetchInterval });
