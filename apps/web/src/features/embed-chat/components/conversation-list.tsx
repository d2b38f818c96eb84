import { Badge, List } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { allPages, getChatRooms, getPrivateChats } from '../api/conversations';
import type { Conversation } from '../model/conversations';

/**
 * The signed-in frame's conversations: the chat rooms the player can enter (chat/getRoomListWeb)
 * and their private chats (chat/getDirectRoomListWeb), with /chatList's unread dot, lock and labels.
 */
export function ConversationList({ onOpen }: { onOpen(conversation: Conversation): void }) {
  const [rooms, setRooms] = useState<Conversation[]>();
  const [privateChats, setPrivateChats] = useState<Conversation[]>([]);

  useEffect(() => {
    let cancelled = false;
    void allPages(getChatRooms).then((rows) => !cancelled && setRooms(rows));
    void allPages(getPrivateChats).then((rows) => !cancelled && setPrivateChats(rows));
    return () => {
      cancelled = true;
    };
  }, []);

  if (!rooms) return <p className="jl-note">加载中...</p>;
  if (rooms.length === 0 && privateChats.length === 0)
    return (
      <p className="jl-note" data-testid="jl-empty">
        暂无开放的房间
      </p>
    );
  const section = (title: string, rows: Conversation[]) =>
    rows.length ? (
      <List header={title} className="jl-list">
        {rows.map((c) => (
          <List.Item
            key={c.key}
            data-testid="jl-conversation"
            prefix={
              <Badge content={c.unread ? Badge.dot : null}>
                <img className="jl-room-avatar" src={c.avatar || '/static/brand/icon.svg'} alt="" />
              </Badge>
            }
            description={c.line}
            extra={
              c.flag ? (
                <span className="jl-flag">{c.flag}</span>
              ) : c.locked ? (
                <LockOutline aria-label="密码房间" />
              ) : null
            }
            onClick={() => onOpen(c)}
          >
            {c.title}
          </List.Item>
        ))}
      </List>
    ) : null;
  return (
    <div className="jl-conversations">
      {section('聊天室', rooms)}
      {section('私聊', privateChats)}
    </div>
  );
}
