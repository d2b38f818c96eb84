import { displayMoney } from '../../../shared/format';
import { beijingFormat } from '../../../shared/lib/day';
import type { Deposit } from '../api/types';
import { depositStatusText } from '../model/labels';

export function DepositRow({ order }: { order: Deposit }) {
  return (
    <div className="wallet-row" data-testid="deposit-row" data-order={order.orderNo}>
      <div className="wallet-row-main">
        <span className="wallet-row-title">{order.channelName}</span>
        <span className="wallet-row-time">{beijingFormat(order.createdAt, 'YYYY-MM-DD HH:mm:ss')}</span>
        <span className="wallet-row-no">{order.orderNo}</span>
      </div>
      <div className="wallet-row-side">
        <span className="money-in">+{displayMoney(order.amount)}</span>
        <span className={`status status-${order.status}`}>
          {depositStatusText(order.status, order.channel)}
        </span>
      </div>
    </div>
  );
}
