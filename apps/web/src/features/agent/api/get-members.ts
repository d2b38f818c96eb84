import { AgentApi, type TeamMember } from '@lottery/contract/agent';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export const MEMBERS_PAGE_SIZE = 20;

/** A member row of 会员管理 (with `online`: a request in the last five minutes). */
export type MemberRow = TeamMember;

export interface MembersFilter {
  /** true: the whole team below; false: direct downlines only. */
  all: boolean;
  userName: string;
}

/** GET users/userManageList: members below the agent, direct or all, by part of the name, paged. */
export const getMembers = (filter: MembersFilter, pageNum: number, signal?: AbortSignal) =>
  call(
    AgentApi.userManageList,
    {
      all: filter.all ? '1' : '0',
      userName: filter.userName || undefined,
      pageNum,
      pageSize: MEMBERS_PAGE_SIZE,
    },
    { signal },
  );

export const membersQuery = (agentId: number, filter: MembersFilter) =>
  infiniteQueryOptions({
    queryKey: ['agent', agentId, 'members', filter.all, filter.userName],
    queryFn: ({ pageParam, signal }) => getMembers(filter, pageParam, signal),
    initialPageParam: 1,
    staleTime: 0,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined,
  });

export const useMembers = (agentId: number, filter: MembersFilter) =>
  useInfiniteQuery(membersQuery(agentId, filter));
