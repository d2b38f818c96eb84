import { Button } from 'antd-mobile';
import { toastSuccess } from '../../../shared/ui/toast';
import { useDailySignStatus } from '../api/get-daily-sign-status';
import { useSignToday } from '../api/sign-today';
import './vip.css';
import { NotReady } from '../../../shared/ui/list-states';

/**
 * 每日签到: the reward ladder as day cells, the streak, and one sign button per Beijing day. Mount
 * it where a player looks daily (the user centre, the activity tab); the grade page shows it too.
 */
export function DailySignCard() {
  const status = useDailySignStatus();
  const sign = useSignToday();
  const data = status.data;
  const signed = data?.isSign === 1;
  // days of the current cycle already signed: up to today's ladder day (inclusive once signed)
  const doneDays = data ? (signed ? data.todayDay : data.todayDay - 1) : 0;

  const onSign = () => {
    if (sign.isPending || signed) return;
    sign.mutate(undefined, {
      onSuccess: (r) => toastSuccess(`签到成功，获得${r.amount}元`),
    });
  };

  return (
    <section className="card sign-card" aria-label="每日签到">
      <h2 className="section-title">
        <span>每日签到</span>
        <span className="section-more" data-testid="sign-streak">
          已连续签到 <b>{data ? data.continuousDays : '--'}</b> 天
        </span>
      </h2>
      {!status.isSuccess ? (
        <NotReady query={status} />
      ) : data && data.rewards.length === 0 ? (
        <div className="sign-loading">签到活动暂未开放</div>
      ) : (
        <>
          <ol className="sign-days">
            {data?.rewards.map((r) => (
              <li
                key={r.day}
                className={[
                  'sign-day',
                  r.day <= doneDays ? 'done' : '',
                  r.day === data.todayDay ? 'today' : '',
                ].join(' ')}
              >
                <span className="sign-day-amount">{r.amount.replace(/\.00$/, '')}元</span>
                <span className="sign-day-label">{r.day <= doneDays ? '已签' : `第${r.day}天`}</span>
              </li>
            ))}
          </ol>
          <Button
            block
            color="primary"
            shape="rounded"
            className="sign-button"
            disabled={signed}
            loading={sign.isPending}
            onClick={onSign}
          >
            {signed ? '今日已签到' : `立即签到 领${data?.todayAmount ?? ''}元`}
          </Button>
          <p className="sign-note">累计签到奖励 {data?.totalAmount ?? '0.00'} 元 · 奖励计入提现流水要求</p>
        </>
      )}
    </section>
  );
}
