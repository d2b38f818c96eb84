import { AgentApi } from '@lottery/contract/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET users/teamYuebaoBalance: the team's yuebao savings and pledged principal (zero while none). */
export const getTeamYuebaoBalance = (signal?: AbortSignal) =>
  call(AgentApi.teamYuebaoBalance, {}, { signal });

export const teamYuebaoBalanceQuery = (agentId: number) =>
  queryOptions({
    queryKey: ['agent', agentId, 'teamYuebaoBalance'],
    queryFn: ({ signal }) => getTeamYuebaoBalance(signal),
    staleTime: 0,
  });

export const useTeamYuebaoBalance = (agentId: number) => useQuery(teamYuebaoBalanceQuery(agentId));
