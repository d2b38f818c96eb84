import { Badge } from 'antd-mobile';
import { NavLink } from 'react-router';
import { useUserStore } from '../../../shared/stores/user';
import { useEnvelopeCount } from '../api/activity';

/** The badge text of spec/platform.md §2: the count, 9+ above 9, nothing at 0. */
export const envelopeBadge = (count: number | undefined): string | null =>
  !count || count <= 0 ? null : count > 9 ? '9+' : String(count);

/** 优惠活动 | 红包活动 at the top of /activity and /activityRed; the envelope tab carries the count. */
export function ActivityTabs() {
  const loggedIn = useUserStore((s) => s.user?.login === true);
  const count = useEnvelopeCount(loggedIn);
  const badge = envelopeBadge(count.data);
  return (
    <nav className="activity-tabs" aria-label="活动分类">
      <NavLink to="/activity" end className={({ isActive }) => `activity-tab${isActive ? ' active' : ''}`}>
        优惠活动
      </NavLink>
      <NavLink to="/activityRed" end className={({ isActive }) => `activity-tab${isActive ? ' active' : ''}`}>
        <Badge content={badge} style={{ '--right': '-12px', '--top': '2px' }}>
          <span data-testid="envelope-tab">红包活动</span>
        </Badge>
      </NavLink>
    </nav>
  );
}
