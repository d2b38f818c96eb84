import type { SocketEvent } from '@lottery/contract/chat';
import { ChatMessages } from '@lottery/contract/chat';
import { Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUiStore } from '../../../shared/stores/ui';
import { useUserStore } from '../../../shared/stores/user';
import type { useChatRoom } from './use-chat-room';
import type { useMessageList } from './use-message-list';

/**
 * What the room's socket says (docs/web-chat.md › socket events): new messages, mutes and bans,
 * withdrawals, presence (online count), deletion, forced logout, permission changes, resync.
 */
export function useRoomEvents(
  chat: ReturnType<typeof useChatRoom>,
  messages: ReturnType<typeof useMessageList>,
) {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const clearUser = useUserStore((s) => s.clear);
  const showNewMessage = useUiStore((s) => s.showNewMessage);
  const [onlineCount, setOnlineCount] = useState<number>();
  const [reconnectKey, setReconnectKey] = useState(0);
  const [presenceVersion, setPresenceVersion] = useState(0);
  const { mode, selfId, room, setRoom, direct } = chat;
  const { dispatch } = messages;

  const onEvent = (event: SocketEvent) => {
    switch (event.code) {
      case 1: {
        const m = event.data;
        const mine =
          mode === 'direct'
            ? m.type === 'direct' && m.roomId === direct?.roomId
            : m.type === 'room' && m.roomId === room?.roomId;
        if (!mine) return;
        messages.followNewest(m.userId === selfId);
        dispatch({ type: 'received', message: m });
        return;
      }
      case 2:
        if (event.success && event.data) setOnlineCount(event.data.onlineCount);
        return;
      case 3:
        if (event.type === 1 || event.type === 2)
          setRoom((r) => r && { ...r, isMessageBanned: event.type === 1 });
        else if (event.type === 3 && event.data.userId === selfId) {
          setRoom((r) => r && { ...r, isBanned: true, bannedMessage: event.msg });
          Toast.show({ content: event.msg });
        } else if (event.type === 4 && event.data.userId === selfId)
          setRoom((r) => r && { ...r, isBanned: false, bannedMessage: '' });
        else if (event.type === 5) dispatch({ type: 'withdrawn', id: event.data.id });
        else if (event.type === 6) setRoom((r) => r && { ...r, isShowList: event.data.isShowList });
        else if (event.type === 7) {
          // A private message or @mention: 您有一条新的消息, unless it is the private chat on screen.
          const here =
            mode === 'direct' && event.data.type === 'direct' && event.data.roomId === direct?.roomId;
          if (!here) showNewMessage();
        }
        return;
      case 11:
        // our own arrival is announced to the room too, and the greeting's count already has us
        if (event.data.userId !== selfId) setOnlineCount((n) => (n ?? 0) + 1);
        setPresenceVersion((v) => v + 1);
        return;
      case 12:
        setOnlineCount((n) => Math.max(0, (n ?? 1) - 1));
        setPresenceVersion((v) => v + 1);
        return;
      case 13:
        void Dialog.alert({ content: event.msg || ChatMessages.roomDeleted }).then(() =>
          navigate('/chatList', { replace: true }),
        );
        return;
      case 14:
        void Dialog.alert({ content: event.msg }).then(() => {
          clearUser();
          void navigate('/login', { replace: true });
        });
        return;
      case 15:
        void Dialog.alert({ content: event.msg || ChatMessages.permissionChanged }).then(() => {
          void chat.loadRoom();
          setReconnectKey((k) => k + 1);
        });
        return;
      case 17:
        // what the socket missed while the server's bus was down, and the room flags
        if (mode !== 'direct') void chat.loadRoom();
        void messages.resync();
        return;
      case 16:
        if (user && event.data.grades.includes(user.grade)) {
          setRoom((r) => r && { ...r, isBanned: true, bannedMessage: event.msg });
          Toast.show({ content: event.msg });
        }
        return;
    }
  };

  return { onEvent, onlineCount, reconnectKey, presenceVersion };
}
