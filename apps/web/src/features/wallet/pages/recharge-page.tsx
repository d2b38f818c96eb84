import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { displayMoney } from '../../../shared/format';
import { NotReady } from '../../../shared/ui/list-states';
import { usePaymentSettings } from '../api/deposit-channels';
import { useDepositList } from '../api/deposit-list';
import { useVirtualWalletCashier } from '../api/virtual-wallet-pay';
import { BalanceBanner } from '../components/balance-banner';
import { ChannelIcon } from '../components/channel-icon';
import { DepositRow } from '../components/deposit-row';
import { PendingDepositActions } from '../components/pending-deposit-actions';
import '../wallet.css';

/** /recharge: balance, the tenant's channels in order, and today's deposit orders with their state. */
export default function RechargePage() {
  const navigate = useNavigate();
  const settings = usePaymentSettings();
  const orders = useDepositList('today');
  const rows = orders.data?.pages.flatMap((p) => p.rows) ?? [];
  const discount = settings.data?.rechargeDiscount;
  const pending = rows.some((o) => o.status === 'pending');
  const yuebao = useVirtualWalletCashier(pending).data?.enabled ?? false;

  return (
    <div className="wallet-page">
      <BalanceBanner />
      <h3 className="wallet-section-title">选择充值方式</h3>
      {!settings.isSuccess ? (
        <NotReady query={settings} />
      ) : (
        <div className="channel-list card">
          {settings.data.channels.map((c) => (
            <button
              key={c.channel}
              type="button"
              className="channel-item"
              data-channel={c.channel}
              onClick={() => void navigate(c.route)}
            >
              <ChannelIcon channel={c.channel} />
              <span className="channel-text">
                <strong>{c.name}</strong>
                <small>
                  单笔 {displayMoney(c.minAmount)} - {displayMoney(c.maxAmount)} 元
                </small>
              </span>
              <RightOutline className="channel-arrow" />
            </button>
          ))}
          {settings.data.channels.length === 0 ? <p className="wallet-hint">暂无可用的充值方式</p> : null}
        </div>
      )}
      {discount?.enabled ? (
        <p className="wallet-hint gold">
          充值优惠：单笔满{displayMoney(discount.minDeposit)}元赠送{discount.rate}%，最高
          {displayMoney(discount.maxBonus)}元
        </p>
      ) : null}
      <h3 className="wallet-section-title">今日充值订单</h3>
      <div className="card wallet-list-card">
        {rows.length === 0 && !orders.isSuccess ? (
          <NotReady query={orders} />
        ) : rows.length === 0 ? (
          <p className="wallet-hint">暂无充值记录</p>
        ) : (
          rows.map((order) => (
            <div key={order.orderNo}>
              <DepositRow order={order} />
              {order.status === 'pending' ? <PendingDepositActions order={order} yuebao={yuebao} /> : null}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
