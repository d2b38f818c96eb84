import type { BetDetailData } from '@lottery/contract/betting';
import { BettingPaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRecordDetail } from './record-detail';

/** betting/getBetDetail?id=. */
export const getBetDetail = (id: string, signal?: AbortSignal) =>
  getRecordDetail<BetDetailData>(BettingPaths.getBetDetail, id, signal);

export const betDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['betting', 'detail', id],
    queryFn: ({ signal }) => getBetDetail(id, signal),
    retry: false,
  });

export const useBetDetail = (id: string) => useQuery(betDetailQuery(id));
