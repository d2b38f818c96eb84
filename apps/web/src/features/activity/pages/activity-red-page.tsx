import type { ActivityEnvelope } from '@lottery/contract/activity';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../../shared/stores/user';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NotReady } from '../../../shared/ui/list-states';
import { useEnvelopeList, useReceiveEnvelope } from '../api/activity';
import { ActivityTabs } from '../components/activity-tabs';
import { askVisitorToRegister, showGrabbed } from '../components/envelope-grab';
import { envelopeStateText, periodText } from '../model/period';
import '../activity.css';

/** Grabs an envelope from a list or its detail page; a visitor is asked to register. */
export function useGrab() {
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => s.user?.login === true);
  const receive = useReceiveEnvelope();
  const grab = (e: ActivityEnvelope) => {
    if (!loggedIn) return void askVisitorToRegister(navigate);
    if (receive.isPending || e.state !== 1) return;
    receive.mutate(e.id, { onSuccess: (r) => void showGrabbed(e.title, r.amount) });
  };
  return { grab, pending: receive.isPending, loggedIn };
}

export function EnvelopeCard({
  envelope: e,
  onGrab,
  pending,
}: {
  envelope: ActivityEnvelope;
  onGrab(): void;
  pending: boolean;
}) {
  const navigate = useNavigate();
  const open = e.state === 1 || e.state === 0;
  return (
    <li className={`envelope-card${open ? '' : ' closed'}`} data-testid="activity-envelope">
      <button type="button" className="envelope-card-main" onClick={() => navigate(`/activityRed/${e.id}`)}>
        <span className="envelope-icon" aria-hidden="true">
          <span>红包</span>
        </span>
        <span className="envelope-card-body">
          <strong>{e.title}</strong>
          {e.remark ? <span className="envelope-remark">{e.remark}</span> : null}
          <span className="envelope-meta">
            共{e.totalAmount}元 · 剩余{e.leftCount}/{e.count}个
            {e.minGrade > 1 ? ` · VIP${e.minGrade}及以上` : ''}
          </span>
          <span className="activity-card-time">{periodText(e.startAt, e.endAt)}</span>
        </span>
      </button>
      <Button
        size="small"
        shape="rounded"
        color={open ? 'danger' : 'default'}
        disabled={!open}
        loading={pending && e.state === 1}
        onClick={onGrab}
      >
        {envelopeStateText(e.state, e.amount)}
      </Button>
    </li>
  );
}

/** /activityRed 红包活动: envelopes running, coming and ended this week, each grabbable once. */
export default function ActivityRedPage() {
  const { grab, pending, loggedIn } = useGrab();
  const list = useEnvelopeList(loggedIn);
  const rows = list.data?.rows ?? [];
  return (
    <div className="activity-page">
      <ActivityTabs />
      {!list.isSuccess ? (
        <NotReady query={list} />
      ) : rows.length === 0 ? (
        <EmptyState text="暂无红包活动" />
      ) : (
        <ul className="envelope-list">
          {rows.map((e) => (
            <EnvelopeCard key={e.id} envelope={e} pending={pending} onGrab={() => grab(e)} />
          ))}
        </ul>
      )}
    </div>
  );
}
