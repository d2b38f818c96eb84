import type { ContentListItem } from '@lottery/contract/content';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { beijingFormat } from '../../../shared/lib/day';

/** One notice or message in a list: unread dot, title, Beijing time; opens the detail page. */
export function ContentRow({
  item,
  to,
  showUnread,
}: {
  item: ContentListItem;
  to: string;
  showUnread: boolean;
}) {
  const unread = showUnread && !item.isRead;
  return (
    <Link to={to} className="content-row" data-testid="content-row" data-unread={unread ? '1' : '0'}>
      <span
        className={unread ? 'content-dot content-dot--on' : 'content-dot'}
        title={unread ? '未读' : '已读'}
      />
      <span className="content-row-main">
        <span className="content-row-title">{item.title}</span>
        <span className="content-row-time">{beijingFormat(item.createdAt, 'YYYY-MM-DD HH:mm')}</span>
      </span>
      <RightOutline className="content-row-arrow" />
    </Link>
  );
}
