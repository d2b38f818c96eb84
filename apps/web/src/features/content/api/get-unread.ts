import { MessageApi } from '@lottery/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useUiStore } from '../../../shared/stores/ui';
import { useUnreadStore } from '../../../shared/stores/unread';
import { useUserStore } from '../../../shared/stores/user';
import { contentKeys } from './keys';

/**
 * How often a logged-in page re-reads the unread counts. New messages arrive over the account
 * socket (frame 18, components/message-socket.tsx); the poll is the backstop for a socket that was
 * down, so a minute is enough.
 */
export const UNREAD_POLL_MS = 60_000;

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

/**
 * The account socket says a message arrived (frame 18) and how many are unread now: the popup
 * shows at once, and the count becomes the last seen, so the refetch that follows does not show
 * it a second time.
 */
export function noticePushedMessage(userId: number, count: number, show: () => void): void {
  lastSeen.set(userId, count);
  show();
}

export const getUnread = (signal?: AbortSignal) => call(MessageApi.unReadMessage, undefined, { signal });

export const unreadQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: contentKeys.unread(userId),
    queryFn: async ({ signal }) => {
      const counts = await getUnread(signal);
      if (userId !== undefined) {
        noticeNewMessages(userId, counts.messageCount, () => useUiStore.getState().showNewMessage());
        useUnreadStore.getState().setMessageCount(userId, counts.messageCount);
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
