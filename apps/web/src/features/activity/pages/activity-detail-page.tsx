import { Button } from 'antd-mobile';
import { useParams, useSearchParams } from 'react-router';
import { useUserStore } from '../../../shared/stores/user';
import { EmptyState } from '../../../shared/ui/empty-state';
import { HtmlBody } from '../../../shared/ui/html-body';
import { NotReady } from '../../../shared/ui/list-states';
import { toastInfo } from '../../../shared/ui/toast';
import { useActivityContent } from '../api/activity';
import { ClaimCard } from '../components/claim-card';
import { ACTIVITY_STATE_TEXT, periodText } from '../model/period';
import '../activity.css';

/** The link a shared activity opens: the same page without the share button. */
export const sharedLink = (origin: string, activityId: number) =>
  `${origin}/activityDetail?id=${activityId}&is_shared=1`;

async function share(activityId: number, title: string) {
  const url = sharedLink(window.location.origin, activityId);
  if (navigator.share) {
    await navigator.share({ title, url }).catch(() => undefined);
    return;
  }
  await navigator.clipboard?.writeText(url).catch(() => undefined);
  toastInfo('活动链接已复制，快去分享给好友吧');
}

/**
 * /activity/{activityId} and activityDetail?id=…: the cover, the time, the operator's description
 * (sanitised HTML) and, for a claimable activity, the reader's reward with 立即领取. activityDetail
 * offers 分享活动 unless it was itself opened from a share (`is_shared`).
 */
export default function ActivityDetailPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.activityId ?? search.get('id'));
  const sharable = params.activityId === undefined && !search.has('is_shared');
  const loggedIn = useUserStore((s) => s.user?.login === true);
  const content = useActivityContent(id, loggedIn);
  // No id to ask for: nothing exists. A failed call is a failure (the §8 text), not 活动不存在.
  if (content.isPending && content.fetchStatus === 'idle') return <EmptyState text="活动不存在" />;
  if (!content.isSuccess) return <NotReady query={content} />;
  const a = content.data;
  if (!a) return <EmptyState text="活动不存在" />;
  return (
    <div className="activity-page activity-detail">
      <img className="activity-cover" src={a.imageUrl} alt={a.title} width={750} height={300} />
      <section className="card activity-head">
        <h1 className="activity-detail-title">
          {a.title}
          <span className={`activity-state state-${a.state}`}>{ACTIVITY_STATE_TEXT[a.state]}</span>
        </h1>
        <p className="activity-card-time">活动时间：{periodText(a.startAt, a.endAt)}</p>
        {a.minGrade > 1 ? <p className="activity-card-time">参与等级：VIP{a.minGrade}及以上</p> : null}
      </section>
      <ClaimCard activity={a} loggedIn={loggedIn} />
      <section className="card">
        <HtmlBody html={a.content} className="content-html activity-html" />
      </section>
      {sharable ? (
        <div className="activity-share">
          <Button block shape="rounded" onClick={() => void share(a.id, a.title)}>
            分享活动
          </Button>
        </div>
      ) : null}
    </div>
  );
}
