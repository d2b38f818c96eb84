import { ActivityApi } from '@lottery/contract/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET activity/getUpgradeConfig: the VIP ladder (grades 1-10, growth needed, upgrade bonus). */
export const getUpgradeConfig = (signal?: AbortSignal) =>
  call(ActivityApi.getUpgradeConfig, undefined, { signal });

export const upgradeConfigQuery = () =>
  queryOptions({
    queryKey: ['vip', 'upgradeConfig'],
    queryFn: ({ signal }) => getUpgradeConfig(signal),
    staleTime: 5 * 60_000,
  });

export const useUpgradeConfig = () => useQuery(upgradeConfigQuery());
