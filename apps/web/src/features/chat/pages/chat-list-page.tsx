import { ROOM_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { Badge, InfiniteScroll, List, Tabs } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getRoomList } from '../api/rooms';
import type { RoomListItem } from '../api/types';
import { isUnread } from '../model/messages';
import '../chat.css';

/** Next pages wait 300 ms, later ones 600 ms (spec §9). */
const pageDelay = (pageNum: number) => (pageNum <= 1 ? 0 : pageNum === 2 ? 300 : 600);

/** /chatList: chat rooms in pages of 11 with unread marks; a tab to private chats. */
export default function ChatListPage() {
  const navigate = useNavigate();
  const [rows, setRows] = useState<RoomListItem[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);

  const loadMore = async () => {
    const next = page + 1;
    const delay = pageDelay(next);
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const data = await getRoomList(next);
    setRows((r) => [...r, ...data.rows.filter((row) => !r.some((x) => x.roomCode === row.roomCode))]);
    setPage(next);
    setHasMore(data.rows.length === ROOM_LIST_PAGE_SIZE && next * ROOM_LIST_PAGE_SIZE < data.total);
  };

  return (
    <div className="chat-rooms">
      <Tabs activeKey="rooms" onChange={(key) => key === 'direct' && void navigate('/chatUserList')}>
        <Tabs.Tab title="聊天室" key="rooms" />
        <Tabs.Tab title="私聊" key="direct" />
      </Tabs>
      <List>
        {rows.map((room) => (
          <List.Item
            key={room.roomCode}
            data-testid="room-item"
            prefix={
              <Badge content={isUnread(room.latestMessageId, room.messageReadId) ? Badge.dot : null}>
                <img className="room-avatar" src={room.avatar} alt="" />
              </Badge>
            }
            description={room.subTitle}
            extra={
              room.isMessageBanned ? (
                <span className="room-flag">全体禁言</span>
              ) : room.banned ? (
                <span className="room-flag">已禁言</span>
              ) : room.isPassword ? (
                <LockOutline aria-label="密码房间" />
              ) : null
            }
            onClick={() => void navigate(`/chat/${encodeURIComponent(room.roomCode)}`)}
          >
            {room.title}
          </List.Item>
        ))}
      </List>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {hasMore ? '加载中...' : rows.length ? '已显示全部房间' : '暂无开放的房间'}
      </InfiniteScroll>
    </div>
  );
}
