import { useEffect, useRef } from 'react';
import { ListStates } from '../../../shared/ui/list-states';
import { useMessages } from '../api/get-messages';
import { useUnread } from '../api/get-unread';
import { ContentRow } from '../components/content-row';
import { badgeText } from '../model/paging';
import '../content.css';

/** /secretMessage 站内信: the player's own messages, newest first, with the unread count. */
export default function MessagePage() {
  const messages = useMessages();
  const unread = useUnread();
  const count = unread.data?.messageCount ?? 0;
  const rows = messages.data?.pages.flatMap((p) => p.rows) ?? [];
  // A message that arrived (or was read elsewhere) changes the count: show the list as it now is.
  const { refetch } = messages;
  const shownCount = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread.data === undefined) return;
    if (shownCount.current !== undefined && shownCount.current !== count) void refetch();
    shownCount.current = count;
  }, [unread.data, count, refetch]);
  return (
    <div className="content-page">
      <div className="content-summary">
        <span>未读消息</span>
        <strong
          className={count > 0 ? 'content-badge content-badge--on' : 'content-badge'}
          data-testid="message-unread-count"
          data-count={count}
        >
          {badgeText(count) ?? 0}
        </strong>
      </div>
      <ListStates
        className="content-list"
        endClassName="content-end"
        query={messages}
        empty={rows.length === 0}
        emptyText="暂无消息"
        hasMore={Boolean(messages.hasNextPage)}
        loadMore={() => messages.fetchNextPage()}
      >
        {rows.map((m) => (
          <ContentRow key={m.id} item={m} to={`/secretMessageDetail/${m.id}`} showUnread />
        ))}
      </ListStates>
    </div>
  );
}
