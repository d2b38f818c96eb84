import type { SocketEvent } from '@lottery/contract/chat-frames';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { publishAccountEvent } from '../../../shared/account-events';
import { useUiStore } from '../../../shared/stores/ui';
import { useUnreadStore } from '../../../shared/stores/unread';
import { useUserStore } from '../../../shared/stores/user';
import { ChatSocket, type ChatSocketOptions } from '../../../shared/ws-client';
import { noticePushedMessage } from '../api/get-unread';

/** After the socket gave up (server away longer than its retries), start again this much later. */
export const RESTART_AFTER_FAILURE_MS = 30_000;

/**
 * What an account-socket frame means for the content feature: 18 (new personal message) shows
 * 您有一条新的消息 and reloads the message queries (list, count); 17 (resync) and a reconnect
 * reload them, since a message may have come while the link was down. Other frames are not ours.
 */
export function onAccountEvent(
  event: SocketEvent,
  deps: { userId: number; queryClient: QueryClient; show(): void },
): void {
  if (event.code === 18) {
    useUnreadStore.getState().setMessageCount(deps.userId, event.data.messageCount);
    noticePushedMessage(deps.userId, event.data.messageCount, deps.show);
    void deps.queryClient.invalidateQueries({ queryKey: ['content'] });
  } else if (event.code === 17) {
    void deps.queryClient.invalidateQueries({ queryKey: ['content'] });
  }
}

/**
 * Mounted once by the shell (app/shell/shell-extras.tsx): while a player is logged in, one
 * account-mode socket (broadCast/chat type 7) stays open app-wide; logging out (the user store
 * cleared or flagged) closes it. docs/content.md, "New-message popup".
 */
export function MessageSocket({ createSocket }: { createSocket?: ChatSocketOptions['createSocket'] }) {
  const userId = useUserStore((s) => (s.user?.login ? Number(s.user.userId) : undefined));
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === undefined) return;
    const deps = { userId, queryClient, show: () => useUiStore.getState().showNewMessage() };
    let restart: ReturnType<typeof setTimeout> | undefined;
    const socket = new ChatSocket({
      query: { type: 7 },
      ...(createSocket ? { createSocket } : {}),
      onEvent: (event) => {
        onAccountEvent(event, deps);
        // other features' share of the frames (chat's private-chat frame): shared/account-events.ts
        publishAccountEvent(event);
      },
      onReconnected: () => {
        void queryClient.invalidateQueries({ queryKey: ['content'] });
        // a message may have come while the link was down: the same as the server's resync
        publishAccountEvent({ code: 17, data: { roomId: 0 } });
      },
      onState: (state) => {
        // Its retries are for a page's lifetime; an app-wide socket tries again a while later.
        if (state === 'failed') restart = setTimeout(() => socket.start(), RESTART_AFTER_FAILURE_MS);
      },
    });
    socket.start();
    return () => {
      clearTimeout(restart);
      socket.stop();
    };
  }, [userId, queryClient, createSocket]);

  return null;
}
