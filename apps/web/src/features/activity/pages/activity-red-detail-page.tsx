import { useParams } from 'react-router';
import { beijingFormat } from '../../../shared/lib/day';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NotReady } from '../../../shared/ui/list-states';
import { useEnvelopeList } from '../api/activity';
import { envelopeStateText, periodText } from '../model/period';
import { useGrab } from './activity-red-page';
import '../activity.css';

/** /activityRed/{activityId}: one envelope, 抢 in the middle, and who grabbed how much (masked). */
export default function ActivityRedDetailPage() {
  const id = Number(useParams().activityId);
  const { grab, pending, loggedIn } = useGrab();
  const detail = useEnvelopeList(loggedIn, id);
  if (detail.isPending && detail.fetchStatus === 'idle') return <EmptyState text="红包不存在" />;
  if (!detail.isSuccess) return <NotReady query={detail} />;
  const e = detail.data.rows[0];
  if (!e) return <EmptyState text="红包不存在" />;
  const grabs = detail.data.grabs ?? [];
  const open = e.state === 1 || e.state === 0;
  return (
    <div className="activity-page envelope-detail">
      <section className="envelope-hero">
        <h1>{e.title}</h1>
        {e.remark ? <p>{e.remark}</p> : null}
        <button
          type="button"
          className={`envelope-open${open ? '' : ' closed'}`}
          disabled={!open || pending}
          onClick={() => grab(e)}
          data-testid="envelope-open"
        >
          {e.state === 1 || e.state === 0 ? '抢' : envelopeStateText(e.state, e.amount)}
        </button>
        <p className="envelope-meta" data-testid="envelope-received">
          {/* spec §2: 已领取x/y个，共a/b元, a the sum of every grab (the server's, not the listed 20) */}
          {`已领取${e.count - e.leftCount}/${e.count}个，共${e.receivedAmount}/${e.totalAmount}元`}
        </p>
        <p className="envelope-meta">{periodText(e.startAt, e.endAt)}</p>
      </section>
      <section className="card">
        <h2 className="claim-title">领取记录</h2>
        {grabs.length === 0 ? (
          <p className="claim-reason">暂无领取记录</p>
        ) : (
          <ul className="grab-list" data-testid="grab-list">
            {grabs.map((g) => (
              <li key={`${g.userName}:${g.createdAt}`}>
                <span>{g.userName}</span>
                <span className="grab-time">{beijingFormat(g.createdAt, 'MM-DD HH:mm')}</span>
                <b>{g.amount}元</b>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
