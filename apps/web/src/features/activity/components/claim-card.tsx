import type { ActivityContent } from '@lottery/contract/activity';
import { Button, ProgressBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../shared/ui/toast';
import { useReceiveActivity, useRewardRates } from '../api/activity';

const yuanText = (amount: string) => amount.replace(/\.00$/, '');

/** Percent of the way from 0 to the target, 0-100. */
export function progressOf(base: string, target: string | null): number {
  const b = Number(base);
  const t = Number(target);
  if (!t || t <= 0) return 0;
  return Math.min(100, Math.floor((b / t) * 100));
}

/**
 * What a claimable activity pays the reader, and 立即领取. A visitor is asked to log in; a claim
 * that cannot be made yet says why in the server's words.
 */
export function ClaimCard({ activity, loggedIn }: { activity: ActivityContent; loggedIn: boolean }) {
  const navigate = useNavigate();
  const receive = useReceiveActivity();
  const daily = activity.kind === 'daily_bonus';
  const rates = useRewardRates(activity.id, daily);
  if (activity.kind === 'article') return null;
  const claim = activity.claim;

  const onClaim = () => {
    if (receive.isPending) return;
    receive.mutate(activity.id, { onSuccess: (r) => toastSuccess(`领取成功，获得${r.amount}元`) });
  };

  return (
    <section className="card claim-card" aria-label="活动奖励" data-testid="claim-card">
      {daily ? (
        <>
          <h2 className="claim-title">每日加奖</h2>
          {claim ? (
            <dl className="claim-facts">
              <div>
                <dt>昨日投注</dt>
                <dd data-testid="claim-base">{claim.base}元</dd>
              </div>
              <div>
                <dt>加奖比例</dt>
                <dd>{claim.rate ? `${claim.rate}%` : '未达标'}</dd>
              </div>
              <div>
                <dt>可领加奖</dt>
                <dd className="claim-amount" data-testid="claim-amount">
                  {claim.amount}元
                </dd>
              </div>
            </dl>
          ) : null}
          {rates.data && rates.data.rows.length > 0 ? (
            <table className="claim-rates">
              <thead>
                <tr>
                  <th>昨日投注满</th>
                  <th>加奖比例</th>
                </tr>
              </thead>
              <tbody>
                {rates.data.rows.map((r) => (
                  <tr key={r.turnover}>
                    <td>{yuanText(r.turnover)}元</td>
                    <td>{r.rate}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : (
        <>
          <h2 className="claim-title">投注达标奖励</h2>
          {claim ? (
            <>
              <div className="claim-progress-label">
                活动期间投注 <b data-testid="claim-base">{claim.base}</b> / {claim.target} 元
              </div>
              <ProgressBar
                percent={progressOf(claim.base, claim.target)}
                style={{ '--track-width': '8px' }}
              />
              <div className="claim-progress-label">
                奖励 <b className="claim-amount">{claim.amount}</b> 元
              </div>
            </>
          ) : null}
        </>
      )}
      {!loggedIn ? (
        <Button block color="primary" shape="rounded" onClick={() => navigate('/login')}>
          登录后领取
        </Button>
      ) : claim ? (
        <>
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={claim.state !== 1}
            loading={receive.isPending}
            onClick={onClaim}
          >
            {claim.state === 2 ? '已领取' : '立即领取'}
          </Button>
          {claim.state === 0 ? (
            <p className="claim-reason" data-testid="claim-reason">
              {claim.reason}
            </p>
          ) : null}
        </>
      ) : null}
      <p className="claim-note">奖励计入提现流水要求</p>
    </section>
  );
}
