import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { displayMoney } from '../../../shared/format';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { useMyBalance } from '../api/balance';
import { walletKeys } from '../api/keys';
import { usePayoutAccounts } from '../api/payout-accounts';
import { useHasSafetyPassword } from '../api/safety-password';
import type { Payout } from '../api/types';
import { saveWithdraw, useTurnover, useWithdrawSetting } from '../api/withdraw';
import { useWithdrawList } from '../api/withdraw-list';
import { AmountInput } from '../components/amount-input';
import { BalanceBanner } from '../components/balance-banner';
import { FormSubmit } from '../components/form-submit';
import { SafetyPasswordInput } from '../components/safety-password-field';
import { SafetyPasswordPopup } from '../components/safety-password-popup';
import { WithdrawRow } from '../components/withdraw-row';
import { amountError, withdrawFee, withdrawRange } from '../model/amount';
import { PAYOUT_KIND } from '../model/labels';
import '../wallet.css';

const payoutLabel = (p: Payout) =>
  `${p.bankName ?? PAYOUT_KIND[p.kind]}${p.kind === 'digital' ? ` ${p.protocol ?? ''}` : ''} ${
    p.kind === 'digital' ? `${p.accountNo.slice(0, 6)}…${p.accountNo.slice(-6)}` : p.accountNo
  }`;

/** /withdraw and /handfee: payout account, amount within limits and turnover, safety password. */
export default function WithdrawPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const balance = useMyBalance();
  const setting = useWithdrawSetting();
  const turnover = useTurnover();
  const accounts = usePayoutAccounts();
  const hasSafety = useHasSafetyPassword();
  const records = useWithdrawList('sevenDays');
  const [accountId, setAccountId] = useState<number>();
  const [amount, setAmount] = useState('');
  const [popup, setPopup] = useState(false);

  const all = accounts.data
    ? [...accounts.data.bankCards, ...accounts.data.alipay, ...accounts.data.wechat, ...accounts.data.digital]
    : [];
  const chosen = accountId ?? all[0]?.id;
  const limits = setting.data ?? { minAmount: '0.00', maxAmount: '0.00', feeRate: '0.00', dailyCount: 0 };
  const withdraw = useSafetyMutation({
    check: () =>
      chosen ? amountError(amount, limits, withdrawRange, balance.data?.balance) : '请先绑定银行卡',
    send: async (safetyPassword) => {
      if (!user || !chosen) return;
      await saveWithdraw({ userName: user.userName, amount, accountId: chosen, safetyPassword });
      toastSuccess('提现申请已提交');
      setAmount('');
      withdraw.setPassword('');
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
  const { password, setPassword, sending } = withdraw;

  if (!user) return null;
  if (setting.isPending || accounts.isPending || hasSafety.isPending) return <PageLoading />;
  const rows = records.data?.pages.flatMap((p) => p.rows) ?? [];

  const submit = async () => {
    if (sending) return;
    if (!hasSafety.data) {
      const go = await Dialog.confirm({
        content: '您还未设置安全密码，是否先去设置安全密码?',
        confirmText: '去设置',
        cancelText: '取消',
      });
      if (go) setPopup(true);
      return;
    }
    await withdraw.submit();
  };

  return (
    <div className="wallet-page">
      <BalanceBanner />
      {turnover.data && !turnover.data.canWithdraw ? (
        <p className="wallet-hint warn" data-testid="turnover">
          打码量未达到提现要求，还需投注 {displayMoney(turnover.data.remaining)} 元
        </p>
      ) : null}
      <div className="card">
        <h4 className="card-title">
          到账账户
          <button type="button" className="card-link" onClick={() => void navigate('/bankcard')}>
            管理
          </button>
        </h4>
        {all.length === 0 ? (
          <div className="wallet-empty-account">
            <p>您还未绑定提现账户</p>
            <Button size="small" color="primary" shape="rounded" onClick={() => void navigate('/bankcard')}>
              去绑定银行卡
            </Button>
          </div>
        ) : (
          <Radio.Group value={chosen} onChange={(v) => setAccountId(Number(v))}>
            <div className="payout-options">
              {all.map((p) => (
                <Radio key={p.id} value={p.id} block className="payout-option">
                  <span className={`payout-kind kind-${p.kind}`}>{PAYOUT_KIND[p.kind]}</span>
                  {payoutLabel(p)}
                </Radio>
              ))}
            </div>
          </Radio.Group>
        )}
      </div>
      <div className="card">
        <h4 className="card-title">
          提现金额
          <button type="button" className="card-link" onClick={() => setAmount(balance.data?.balance ?? '')}>
            全部
          </button>
        </h4>
        <AmountInput
          value={amount}
          onChange={setAmount}
          placeholder={`单笔 ${displayMoney(limits.minAmount)}-${displayMoney(limits.maxAmount)} 元`}
        />
        <p className="wallet-hint">
          手续费 {displayMoney(withdrawFee(amount, limits.feeRate))} 元，每日最多可提现{limits.dailyCount}次
        </p>
        <div className="field-row">
          <span>安全密码</span>
          <SafetyPasswordInput value={password} onChange={setPassword} />
        </div>
      </div>
      <FormSubmit sending={sending} onSubmit={submit}>
        立即提现
      </FormSubmit>
      <h3 className="wallet-section-title">近七天提现记录</h3>
      <div className="card wallet-list-card">
        {records.isPending ? (
          <PageLoading />
        ) : rows.length === 0 ? (
          <p className="wallet-hint">暂无提现记录</p>
        ) : (
          rows.map((order) => <WithdrawRow key={order.orderNo} order={order} />)
        )}
      </div>
      <SafetyPasswordPopup
        visible={popup}
        userName={user.userName}
        hasPassword={false}
        onClose={() => setPopup(false)}
        onDone={() => {
          setPopup(false);
          void hasSafety.refetch();
        }}
      />
    </div>
  );
}
