import { displayMoney } from '../../../shared/format';
import { beijingFormat } from '../../../shared/lib/day';
import type { Withdraw } from '../api/types';
import { PAYOUT_KIND, WITHDRAW_STATUS } from '../model/labels';

export function WithdrawRow({ order }: { order: Withdraw }) {
  const target = order.payout.bankName ?? PAYOUT_KIND[order.payout.kind];
  return (
    <div
      className="wallet-row"
      data-testid="withdraw-row"
      data-order={order.orderNo}
      data-status={order.status}
    >
      <div className="wallet-row-main">
        <span className="wallet-row-title">
          提现至 {target} {order.payout.accountNo.slice(-4)}
        </span>
        <span className="wallet-row-time">{beijingFormat(order.createdAt, 'YYYY-MM-DD HH:mm:ss')}</span>
        {order.remark ? <span className="wallet-row-no">备注：{order.remark}</span> : null}
      </div>
      <div className="wallet-row-side">
        <span className="money-out">-{displayMoney(order.amount)}</span>
        <span className={`status status-${order.status}`}>{WITHDRAW_STATUS[order.status]}</span>
      </div>
    </div>
  );
}
