import type { BetDetailData } from '@lottery/contract/betting';
import { Code } from '@lottery/contract/codes';
import { BettingPaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestEnvelope } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/envelope';

/** betting/getBetDetail?id=. Failures come back to the panel (spec §8: show msg and close). */
export async function getBetDetail(id: string, signal?: AbortSignal): Promise<BetDetailData> {
  const envelope = await requestEnvelope<BetDetailData>(BettingPaths.getBetDetail, {
    query: { id },
    signal,
    passCodes: [-2, -500],
  });
  if (envelope.code !== Code.OK || !envelope.data) {
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  }
  return envelope.data;
}

export const betDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['betting', 'detail', id],
    queryFn: ({ signal }) => getBetDetail(id, signal),
    retry: false,
  });

export const useBetDetail = (id: string) => useQuery(betDetailQuery(id));
