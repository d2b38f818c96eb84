import { AgentApi, type teamBalanceData, type teamYuebaoBalanceData } from '@lottery/contract/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../shared/api/client';

export type TeamBalance = z.infer<typeof teamBalanceData>;
export type TeamYuebaoBalance = z.infer<typeof teamYuebaoBalanceData>;

/** GET users/teamBalance: the wallets of everyone below the agent (its own not included). */
export const getTeamBalance = (signal?: AbortSignal) =>
  request<TeamBalance>(AgentApi.teamBalance.path, { signal });

export const teamBalanceQuery = (agentId: number) =>
  queryOptions({
    queryKey: ['agent', agentId, 'teamBalance'],
    queryFn: ({ signal }) => getTeamBalance(signal),
    staleTime: 0,
  });

export const useTeamBalance = (agentId: number) => useQuery(teamBalanceQuery(agentId));
