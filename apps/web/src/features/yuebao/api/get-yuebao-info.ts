import { YuebaoApi, type YuebaoInfo } from '@lottery/contract/yuebao';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { ApiError, TRANSPORT_CODE } from '../../../shared/api/envelope';

/** Only a call that never reached a reply is tried again; a reply (-110004 …) is final: one dialog. */
const TRANSPORT = new Set<number>([
  TRANSPORT_CODE.timeout,
  TRANSPORT_CODE.offline,
  TRANSPORT_CODE.noStatus,
  TRANSPORT_CODE.http,
]);
export const retryTransportOnce = (failures: number, error: unknown) =>
  error instanceof ApiError && TRANSPORT.has(error.code) && failures < 1;

/** GET balance/getMyYuebaoInfo: balance, interest, rate and limits (-110004 sends the player home). */
export const getYuebaoInfo = (signal?: AbortSignal) =>
  request<YuebaoInfo>(YuebaoApi.getMyYuebaoInfo.path, { signal });

/**
 * Keyed by the player (a re-login as someone else never shows the last player's figures) and
 * fetched on every visit: interest lands at 00:00 Beijing while the app may stay open.
 */
export const yuebaoInfoQuery = (userId: number | string) =>
  queryOptions({
    queryKey: ['yuebao', userId, 'info'],
    queryFn: ({ signal }) => getYuebaoInfo(signal),
    staleTime: 0,
    retry: retryTransportOnce,
  });

export const useYuebaoInfo = (userId: number | string) => useQuery(yuebaoInfoQuery(userId));
