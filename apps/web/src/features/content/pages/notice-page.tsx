import { useUserStore } from '../../../shared/stores/user';
import { ListStates } from '../../../shared/ui/list-states';
import { useNotices } from '../api/get-notices';
import { ContentRow } from '../components/content-row';
import '../content.css';

/** /notice 公告: the site's notices, newest first; unread ones marked for a logged-in player. */
export default function NoticePage() {
  const loggedIn = useUserStore((s) => s.user?.login === true);
  const notices = useNotices();
  const rows = notices.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <div className="content-page">
      <ListStates
        className="content-list"
        endClassName="content-end"
        query={notices}
        empty={rows.length === 0}
        emptyText="暂无公告"
        hasMore={Boolean(notices.hasNextPage)}
        loadMore={() => notices.fetchNextPage()}
      >
        {rows.map((n) => (
          <ContentRow key={n.id} item={n} to={`/noticeDetail/${n.id}`} showUnread={loggedIn} />
        ))}
      </ListStates>
    </div>
  );
}
