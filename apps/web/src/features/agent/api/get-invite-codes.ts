import { AgentApi, type InviteCodeList } from '@lottery/contract/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** GET users/inviteCode?codeType=: the agent's live codes with their registrations, newest first. */
export const getInviteCodes = (codeType: number, signal?: AbortSignal) =>
  request<InviteCodeList>(AgentApi.inviteCode.path, { query: { codeType }, signal });

/** Fetched on every visit: registrations grow while the page is closed. */
export const inviteCodesQuery = (agentId: number, codeType: number) =>
  queryOptions({
    queryKey: ['agent', agentId, 'inviteCodes', codeType],
    queryFn: ({ signal }) => getInviteCodes(codeType, signal),
    staleTime: 0,
  });

export const useInviteCodes = (agentId: number, codeType: number) =>
  useQuery(inviteCodesQuery(agentId, codeType));
