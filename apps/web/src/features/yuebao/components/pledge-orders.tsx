import { formatMoney } from '@lottery/contract/money';
import { PLEDGE_STATES, type PledgeOrder } from '@lottery/contract/yuebao';
import { Dialog, Switch } from 'antd-mobile';
import { beijingFormat } from '../../../shared/lib/day';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NotReady } from '../../../shared/ui/list-states';
import { toastSuccess } from '../../../shared/ui/toast';
import { usePledgeOrders } from '../api/get-pledge-orders';
import { useCancelPledge, useSetAutoRenew } from '../api/pledge-order-actions';
import { cancelPenalty, minorOf, shortMoney } from '../model/amount';

function OrderCard({ order }: { order: PledgeOrder }) {
  const cancel = useCancelPledge();
  const renew = useSetAutoRenew();
  const holding = order.state === PLEDGE_STATES.holding;
  const askCancel = async () => {
    const penalty = cancelPenalty(order.amount, order.penaltyRate);
    const sure = await Dialog.confirm({
      title: '提前取消质押',
      content: `提前取消将扣除本金的${order.penaltyRate}%作为违约金（${penalty}元），且不发放收益，确定取消吗？`,
      confirmText: '确定取消',
      cancelText: '再想想',
    });
    if (!sure || cancel.isPending) return;
    const done = await cancel.mutateAsync(order.id).catch(() => undefined);
    if (done) toastSuccess(`已退还${shortMoney(done.refund)}元`);
  };
  return (
    <li className="yuebao-order" data-testid="pledge-order">
      <div className="yuebao-order-top">
        <strong>{order.productName}</strong>
        <span className={`yuebao-state s${order.state}`}>{order.stateName}</span>
      </div>
      <dl className="yuebao-order-grid">
        <div>
          <dt>质押金额(元)</dt>
          <dd>{shortMoney(order.amount)}</dd>
        </div>
        <div>
          <dt>年化利率</dt>
          <dd>{order.annualRate}%</dd>
        </div>
        {order.penalty === null ? (
          <div>
            <dt>{order.state === PLEDGE_STATES.holding ? '到期收益(元)' : '收益(元)'}</dt>
            <dd className="gold">{shortMoney(order.profit)}</dd>
          </div>
        ) : (
          <div>
            <dt>违约金(元)</dt>
            <dd>{shortMoney(order.penalty)}</dd>
          </div>
        )}
        {order.penalty === null ? (
          <div>
            <dt>{order.state === PLEDGE_STATES.holding ? '到期时间' : '结束时间'}</dt>
            <dd>{beijingFormat(order.settledAt ?? order.maturesAt, 'MM-DD HH:mm')}</dd>
          </div>
        ) : (
          <div>
            <dt>退还本金(元)</dt>
            <dd>{formatMoney(minorOf(order.amount) - minorOf(order.penalty), 2)}</dd>
          </div>
        )}
        <div className="wide">
          <dt>期限</dt>
          <dd>
            {order.termDays}天 · {beijingFormat(order.startedAt, 'MM-DD HH:mm')} 起
          </dd>
        </div>
      </dl>
      {holding ? (
        <div className="yuebao-order-actions">
          <div className="yuebao-renew">
            自动续期
            <Switch
              checked={order.autoRenew === 1}
              loading={renew.isPending}
              onChange={(on) =>
                void renew.mutateAsync({ orderId: order.id, autoRenew: on }).catch(() => undefined)
              }
              aria-label="自动续期"
            />
          </div>
          <button
            type="button"
            className="yuebao-cancel"
            disabled={cancel.isPending}
            onClick={() => void askCancel()}
          >
            提前取消
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** 我的质押: orders newest first with auto-renew and cancel on holding ones. */
export function PledgeOrders({ userId }: { userId: number | string }) {
  const orders = usePledgeOrders(userId);
  if (!orders.isSuccess) return <NotReady query={orders} />;
  const rows = orders.data.rows;
  if (rows.length === 0) return <EmptyState text="暂无质押记录" />;
  return (
    <ul className="yuebao-orders">
      {rows.map((o) => (
        <OrderCard key={o.id} order={o} />
      ))}
    </ul>
  );
}
