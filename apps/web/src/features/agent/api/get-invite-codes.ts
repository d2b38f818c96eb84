import { AgentApi } from '@lottery/contract/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET users/inviteCode?codeType=: the agent's live codes with their registrations, newest first. */
export const getInviteCodes = (codeType: 0 | 1, signal?: AbortSignal) =>
  call(AgentApi.inviteCode, { codeType }, { signal });

/** Fetched on every visit: registrations grow while the page is closed. */
export const inviteCodesQuery = (agentId: number, codeType: 0 | 1) =>
  queryOptions({
    queryKey: ['agent', agentId, 'inviteCodes', codeType],
    queryFn: ({ signal }) => getInviteCodes(codeType, signal),
    staleTime: 0,
  });

export const useInviteCodes = (agentId: number, codeType: 0 | 1) =>
  useQuery(inviteCodesQuery(agentId, codeType));
