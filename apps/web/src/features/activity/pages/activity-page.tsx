import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NotReady } from '../../../shared/ui/list-states';
import { useActivityList } from '../api/activity';
import { ActivityTabs } from '../components/activity-tabs';
import { ACTIVITY_STATE_TEXT, periodText } from '../model/period';
import '../activity.css';

/**
 * /activity 优惠活动: the operator's activities as cover cards (running, coming, ended in the last
 * week); a tap opens /activity/{id}. `top` is what the app puts above the list (the sign-in card).
 */
export function ActivityList({ top }: { top?: ReactNode }) {
  const navigate = useNavigate();
  const list = useActivityList();
  const rows = list.data?.rows ?? [];
  return (
    <div className="activity-page">
      <ActivityTabs />
      {top}
      {!list.isSuccess ? (
        <NotReady query={list} />
      ) : rows.length === 0 ? (
        <EmptyState text="暂无活动" />
      ) : (
        <ul className="activity-list" data-testid="activity-list">
          {rows.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className={`activity-card${a.state === 3 ? ' ended' : ''}`}
                onClick={() => navigate(`/activity/${a.id}`)}
              >
                <img className="activity-cover" src={a.imageUrl} alt={a.title} width={750} height={300} />
                <span className="activity-card-body">
                  <span className="activity-card-title">
                    <strong>{a.title}</strong>
                    <span className={`activity-state state-${a.state}`}>{ACTIVITY_STATE_TEXT[a.state]}</span>
                  </span>
                  {a.summary ? <span className="activity-card-summary">{a.summary}</span> : null}
                  <span className="activity-card-time">活动时间：{periodText(a.startAt, a.endAt)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function ActivityPage() {
  return <ActivityList />;
}
