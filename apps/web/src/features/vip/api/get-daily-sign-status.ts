import { ActivityApi, type DailySignStatus } from '@lottery/contract/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** GET activity/getDailySignStatus: today's sign state, the streak and the reward ladder. */
export const getDailySignStatus = (signal?: AbortSignal) =>
  request<DailySignStatus>(ActivityApi.getDailySignStatus.path, { signal });

export const dailySignStatusQuery = () =>
  queryOptions({
    queryKey: ['vip', 'dailySignStatus'],
    queryFn: ({ signal }) => getDailySignStatus(signal),
  });

export const useDailySignStatus = () => useQuery(dailySignStatusQuery());
