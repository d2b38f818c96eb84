import { BettingApi } from '@lottery/contract/betting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { DETAIL_PASS_CODES } from './record-detail';

/** betting/getBetDetail?id=. */
export const getBetDetail = (id: string, signal?: AbortSignal) =>
  call(BettingApi.getBetDetail, { id }, { signal, passCodes: DETAIL_PASS_CODES });

export const betDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['betting', 'detail', id],
    queryFn: ({ signal }) => getBetDetail(id, signal),
    retry: false,
  });

export const useBetDetail = (id: string) => useQuery(betDetailQuery(id));
