import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { usePayoutAccounts } from '../api/payout-accounts';
import '../wallet.css';

export const MAX_DIGITAL_ADDRESSES = 5;

/** /digitalCurrency: bound wallet addresses (TRC20 / ERC20, at most 5). */
export default function DigitalCurrencyPage() {
  const navigate = useNavigate();
  const accounts = usePayoutAccounts();
  if (accounts.isPending) return <PageLoading />;
  const list = accounts.data?.digital ?? [];
  return (
    <div className="wallet-page">
      {list.length === 0 ? (
        <EmptyState text="暂无数字货币地址" />
      ) : (
        <div className="card wallet-list-card">
          {list.map((a) => (
            <div key={a.id} className="wallet-row" data-testid="digital-row">
              <div className="wallet-row-main">
                <span className="wallet-row-title">
                  USDT-{a.protocol} {a.alias ? `· ${a.alias}` : ''}
                </span>
                <span className="wallet-row-no address">{a.accountNo}</span>
              </div>
              <Button
                size="mini"
                shape="rounded"
                onClick={() => void navigate(`/upDateDigitalCurrency?id=${a.id}`)}
              >
                修改
              </Button>
            </div>
          ))}
        </div>
      )}
      {list.length < MAX_DIGITAL_ADDRESSES ? (
        <div className="form-actions">
          <Button
            block
            color="primary"
            shape="rounded"
            onClick={() => void navigate(list.length ? '/addAddressDigitalCurrency' : '/addDigitalCurrency')}
          >
            添加钱包地址
          </Button>
        </div>
      ) : null}
      <p className="wallet-hint">
        最多可绑定{MAX_DIGITAL_ADDRESSES}个钱包地址，请仔细核对协议与地址，转错无法追回。
      </p>
    </div>
  );
}
