import { RedoOutline } from 'antd-mobile-icons';
import { displayMoney } from '../../../shared/format';
import { useMyBalance } from '../api/balance';

/** Red banner with the spendable balance and what waits in withdrawal review; -- until a real answer. */
export function BalanceBanner() {
  const balance = useMyBalance();
  return (
    <section className="wallet-banner">
      <div className="wallet-banner-label">
        账户余额（元）
        <button type="button" aria-label="刷新余额" onClick={() => void balance.refetch()}>
          <RedoOutline />
        </button>
      </div>
      <div className="wallet-banner-value" data-testid="wallet-balance">
        {balance.data ? displayMoney(balance.data.balance) : '--'}
      </div>
      <div className="wallet-banner-sub">
        冻结金额{' '}
        <span data-testid="wallet-frozen">
          {balance.data ? displayMoney(balance.data.frozenBalance) : '--'}
        </span>
      </div>
    </section>
  );
}
