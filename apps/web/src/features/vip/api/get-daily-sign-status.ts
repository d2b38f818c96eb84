import { ActivityApi } from '@lottery/contract/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET activity/getDailySignStatus: today's sign state, the streak and the reward ladder. */
export const getDailySignStatus = (signal?: AbortSignal) =>
  call(ActivityApi.getDailySignStatus, undefined, { signal });

export const dailySignStatusQuery = () =>
  queryOptions({
    queryKey: ['vip', 'dailySignStatus'],
    queryFn: ({ signal }) => getDailySignStatus(signal),
  });

export const useDailySignStatus = () => useQuery(dailySignStatusQuery());
