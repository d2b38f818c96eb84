import { YuebaoApi } from '@lottery/contract/yuebao';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET balance/getMyYuebaoInfo: balance, interest, rate and limits (-110004 sends the player home). */
export const getYuebaoInfo = (signal?: AbortSignal) => call(YuebaoApi.getMyYuebaoInfo, undefined, { signal });

/**
 * Keyed by the player (a re-login as someone else never shows the last player's figures) and
 * fetched on every visit: interest lands at 00:00 Beijing while the app may stay open.
 */
export const yuebaoInfoQuery = (userId: number | string) =>
  queryOptions({
    queryKey: ['yuebao', userId, 'info'],
    queryFn: ({ signal }) => getYuebaoInfo(signal),
    staleTime: 0,
  });

export const useYuebaoInfo = (userId: number | string) => useQuery(yuebaoInfoQuery(userId));
