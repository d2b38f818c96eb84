import { AgentApi } from '@lottery/contract/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * GET users/rebate: the agent's own rebate, the tenant's maximum, the 16 types of the picker, the
 * levels a downline may get, and with `lotteryType` the odds table of a level (default the own).
 */
export const getRebate = (lotteryType?: number, rebate?: string, signal?: AbortSignal) =>
  call(AgentApi.rebate, { lotteryType, rebate }, { signal });

export const rebateQuery = (agentId: number, lotteryType?: number, rebate?: string) =>
  queryOptions({
    queryKey: ['agent', agentId, 'rebate', lotteryType ?? 0, rebate ?? ''],
    queryFn: ({ signal }) => getRebate(lotteryType, rebate, signal),
  });

export const useRebate = (agentId: number, lotteryType?: number, rebate?: string) =>
  useQuery(rebateQuery(agentId, lotteryType, rebate));
