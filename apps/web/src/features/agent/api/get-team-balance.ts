import { AgentApi } from '@lottery/contract/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';

export type TeamBalance = CallReply<typeof AgentApi.teamBalance>;
export type TeamYuebaoBalance = CallReply<typeof AgentApi.teamYuebaoBalance>;

/** GET users/teamBalance: the wallets of everyone below the agent (its own not included). */
export const getTeamBalance = (signal?: AbortSignal) => call(AgentApi.teamBalance, {}, { signal });

export const teamBalanceQuery = (agentId: number) =>
  queryOptions({
    queryKey: ['agent', agentId, 'teamBalance'],
    queryFn: ({ signal }) => getTeamBalance(signal),
    staleTime: 0,
  });

export const useTeamBalance = (agentId: number) => useQuery(teamBalanceQuery(agentId));
