import { MessageApi, type UnreadCounts } from '@lottery/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { useUiStore } from '../../../shared/stores/ui';
import { useUserStore } from '../../../shared/stores/user';
import { contentKeys } from './keys';

/** How often a logged-in page re-reads the unread counts (until the account socket pushes). */
export const UNREAD_POLL_MS = 10_000;

/**
 * Last message count seen per user in this tab. The popup 您有一条新的消息 shows when a fetch finds
 * more unread messages than the previous one did; it runs in the query function, so it fires once
 * per fetch however many components show the count.
 */
const lastSeen = new Map<number, number>();

export function noticeNewMessages(userId: number, count: number, show: () => void): void {
  const before = lastSeen.get(userId);
  lastSeen.set(userId, count);
  if (before !== undefined && count > before) show();
}

export const getUnread = (signal?: AbortSignal) =>
  request<UnreadCounts>(MessageApi.unReadMessage.path, { signal });

export const unreadQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: contentKeys.unread(userId),
    queryFn: async ({ signal }) => {
      const counts = await getUnread(signal);
      if (userId !== undefined) {
        noticeNewMessages(userId, counts.messageCount, () => useUiStore.getState().showNewMessage());
      }
      return counts;
    },
    enabled: userId !== undefined,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });

/** Unread messages and notices of the logged-in player (nothing for a visitor). */
export const useUnread = () => {
  const userId = useUserStore((s) => (s.user?.login ? s.user.userId : undefined));
  return useQuery(unreadQuery(userId === undefined ? undefined : Number(userId)));
};
