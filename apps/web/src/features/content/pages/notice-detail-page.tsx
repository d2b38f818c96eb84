import { useLayoutEffect } from 'react';
import { useParams } from 'react-router';
import { useUserStore } from '../../../shared/stores/user';
import { useNotice } from '../api/get-notice';
import { useSetNoticeRead } from '../api/set-notice-read';
import { ArticleView } from '../components/article-view';
import '../content.css';

/** /noticeDetail/{articleId}: one notice; opening it marks it read for a logged-in player. */
export default function NoticeDetailPage() {
  const id = Number(useParams().articleId);
  const loggedIn = useUserStore((s) => s.user?.login === true);
  const notice = useNotice(id);
  const markRead = useSetNoticeRead();
  const unread = loggedIn && notice.data !== undefined && !notice.data.isRead;
  const { mutate } = markRead;
  // in the commit that shows it, as a message (message-detail-page.tsx)
  useLayoutEffect(() => {
    if (unread) mutate(id);
  }, [unread, id, mutate]);
  return (
    <div className="content-page">
      <ArticleView query={notice} article={notice.data} missingText="公告不存在" />
    </div>
  );
}
