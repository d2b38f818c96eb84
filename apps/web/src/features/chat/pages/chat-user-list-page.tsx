import { Badge, InfiniteScroll, List, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getDirectRoomList } from '../api/direct';
import type { DirectRoomListItem } from '../api/types';
import { isUnread } from '../model/messages';
import '../chat.css';

const PAGE_SIZE = 20;

/** /chatUserList: private chats with unread marks. */
export default function ChatUserListPage() {
  const navigate = useNavigate();
  const [rows, setRows] = useState<DirectRoomListItem[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);

  const loadMore = async () => {
    const next = page + 1;
    try {
      const data = await getDirectRoomList(next, PAGE_SIZE);
      setRows((r) => [...r, ...data.rows]);
      setPage(next);
      setHasMore(next * PAGE_SIZE < data.total);
    } catch {
      setHasMore(false);
    }
  };

  return (
    <div className="chat-rooms">
      <Tabs activeKey="direct" onChange={(key) => key === 'rooms' && void navigate('/chatList')}>
        <Tabs.Tab title="聊天室" key="rooms" />
        <Tabs.Tab title="私聊" key="direct" />
      </Tabs>
      <List>
        {rows.map((row) => (
          <List.Item
            key={row.roomId}
            prefix={
              <Badge content={isUnread(row.latestMessageId, row.messageReadId) ? Badge.dot : null}>
                <img
                  className="room-avatar"
                  src={row.targetUser.avatar || '/static/avatars/avatar-01.svg'}
                  alt=""
                />
              </Badge>
            }
            description={row.targetUser.userName}
            onClick={() =>
              void navigate(
                `/chat/${row.roomId}?account=${encodeURIComponent(row.targetUser.userName)}&userId=${row.targetUser.userId}`,
              )
            }
          >
            {row.targetUser.nickName || row.targetUser.userName}
          </List.Item>
        ))}
      </List>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {hasMore ? '加载中...' : rows.length ? '已显示全部记录' : '暂无私聊'}
      </InfiniteScroll>
    </div>
  );
}
