import { Button } from 'antd-mobile';
import { AddOutline, EditSOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../shared/ui/page-loading';
import { usePayoutAccounts } from '../api/payout-accounts';
import type { Payout } from '../api/types';
import { RequireSafetyPassword } from '../components/require-safety';
import '../wallet.css';

function BankCard({ card, onEdit }: { card: Payout; onEdit(): void }) {
  return (
    <div className="bank-card" data-testid="bank-card">
      <div className="bank-card-top">
        <strong>{card.bankName}</strong>
        <button type="button" aria-label="编辑银行卡" onClick={onEdit}>
          <EditSOutline />
        </button>
      </div>
      <span className="bank-card-type">储蓄卡 · {card.realName}</span>
      <span className="bank-card-no">{card.accountNo}</span>
    </div>
  );
}

function AccountRow(props: { label: string; account?: Payout; create: string; edit: string }) {
  const navigate = useNavigate();
  return (
    <div className="wallet-row">
      <div className="wallet-row-main">
        <span className="wallet-row-title">{props.label}</span>
        <span className="wallet-row-time">
          {props.account ? `${props.account.accountNo} · ${props.account.realName}` : '未绑定'}
        </span>
      </div>
      <Button
        size="mini"
        shape="rounded"
        color={props.account ? 'default' : 'primary'}
        onClick={() => void navigate(props.account ? `${props.edit}?id=${props.account.id}` : props.create)}
      >
        {props.account ? '修改' : '绑定'}
      </Button>
    </div>
  );
}

/** /bankcard: bound cards (up to the tenant's limit), Alipay and WeChat accounts. */
export default function BankcardPage() {
  const navigate = useNavigate();
  const accounts = usePayoutAccounts();
  const data = accounts.data;
  return (
    <div className="wallet-page">
      <RequireSafetyPassword>
        {accounts.isPending || !data ? (
          <PageLoading />
        ) : (
          <>
            {data.realName ? (
              <p className="wallet-hint">持卡人：{data.realName}（首次绑定后不可更改）</p>
            ) : null}
            <div className="bank-cards">
              {data.bankCards.map((card) => (
                <BankCard
                  key={card.id}
                  card={card}
                  onEdit={() =>
                    void navigate(`/verifyBankCard?next=${encodeURIComponent(`/setBankcard/${card.id}`)}`)
                  }
                />
              ))}
              {data.bankCards.length < data.maxBankCards ? (
                <button
                  type="button"
                  className="bank-card-add"
                  onClick={() => void navigate(`/verifyBankCard?next=${encodeURIComponent('/setBankcard')}`)}
                >
                  <AddOutline /> 添加银行卡
                </button>
              ) : null}
            </div>
            <p className="wallet-hint">
              已绑定 {data.bankCards.length}/{data.maxBankCards} 张银行卡
            </p>
            <div className="card wallet-list-card">
              <AccountRow
                label="支付宝"
                account={data.alipay[0]}
                create="/CreateZFBaccount"
                edit="/EditZFBaccount"
              />
              <AccountRow
                label="微信"
                account={data.wechat[0]}
                create="/CreateWXaccount"
                edit="/EditWXaccount"
              />
              <div className="wallet-row">
                <div className="wallet-row-main">
                  <span className="wallet-row-title">数字货币地址</span>
                  <span className="wallet-row-time">已绑定 {data.digital.length} 个</span>
                </div>
                <Button size="mini" shape="rounded" onClick={() => void navigate('/digitalCurrency')}>
                  管理
                </Button>
              </div>
            </div>
          </>
        )}
      </RequireSafetyPassword>
    </div>
  );
}
