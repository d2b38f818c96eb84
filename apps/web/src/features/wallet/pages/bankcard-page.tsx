import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { AddOutline, DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { SafetyKeypadPopup } from '../../../shared/ui/safety-keypad-popup';
import { toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import { usePayoutAccounts } from '../api/payout-accounts';
import { getCardRemovalCheck, removeBankCard } from '../api/remove-bank-card';
import type { Payout } from '../api/types';
import { RequireSafetyPassword } from '../components/require-safety';
import '../wallet.css';

function BankCard({ card, onEdit, onRemove }: { card: Payout; onEdit(): void; onRemove(): void }) {
  return (
    <div className="bank-card" data-testid="bank-card">
      <div className="bank-card-top">
        <strong>{card.bankName}</strong>
        <span className="bank-card-actions">
          <button type="button" aria-label="编辑银行卡" onClick={onEdit}>
            <EditSOutline />
          </button>
          <button type="button" aria-label="删除银行卡" onClick={onRemove}>
            <DeleteOutline />
          </button>
        </span>
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

/**
 * Removing a card: users/destructionCheckBankCard says whether it may go (not while a withdrawal to
 * it is in review), a confirm, then the safety-password keypad sends the removal.
 */
function useCardRemoval() {
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const [cardId, setCardId] = useState<number | null>(null);
  const safety = useSafetyMutation({
    incomplete: 'ignore',
    onLocked: () => setCardId(null),
    send: async (password) => {
      if (cardId === null || !user) return;
      await removeBankCard(user.userName, cardId, password);
      setCardId(null);
      toastSuccess('删除成功');
      await queryClient.invalidateQueries({ queryKey: walletKeys.payouts });
    },
  });
  const ask = async (id: number) => {
    const check = await getCardRemovalCheck(id);
    if (!check.canRemove) {
      await Dialog.alert({ content: check.reason ?? '暂不能删除' });
      return;
    }
    if (await Dialog.confirm({ content: '确定删除该银行卡吗？', confirmText: '删除' })) {
      safety.setPassword('');
      setCardId(id);
    }
  };
  return { cardId, safety, ask, close: () => setCardId(null) };
}

/** /bankcard: bound cards (up to the tenant's limit), Alipay and WeChat accounts. */
export default function BankcardPage() {
  const navigate = useNavigate();
  const accounts = usePayoutAccounts();
  const removal = useCardRemoval();
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
                  onRemove={() => void removal.ask(card.id)}
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
      <SafetyKeypadPopup
        visible={removal.cardId !== null}
        busy={removal.safety.sending}
        value={removal.safety.password}
        onChange={removal.safety.setPassword}
        onComplete={(p) => void removal.safety.submit(p)}
        onClose={removal.close}
        testId="remove-card-safety"
      />
    </div>
  );
}
