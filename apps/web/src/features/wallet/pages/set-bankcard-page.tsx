import { BankCardNumber, fieldError, RealName } from '@lottery/contract/fields';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Picker } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import {
  getBankOfCard,
  savePayoutAccount,
  useBanks,
  usePayoutAccount,
  usePayoutAccounts,
} from '../api/payout-accounts';
import { FormSubmit } from '../components/form-submit';
import { SafetyPasswordInput } from '../components/safety-password-field';
import { forgetVerifiedSafetyPassword, peekVerifiedSafetyPassword } from '../model/verified-safety';
import '../wallet.css';

/** /setBankcard (add) and /setBankcard/{cardId} (edit): name, card number, bank (from the prefix), branch. */
export default function SetBankcardPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { cardId } = useParams();
  const editId = cardId ? Number(cardId) : undefined;
  const user = useUserStore((s) => s.user);
  const accounts = usePayoutAccounts();
  const existing = usePayoutAccount(editId);
  const banks = useBanks();
  const [realName, setRealName] = useState('');
  const [cardNo, setCardNo] = useState('');
  const [bankCode, setBankCode] = useState<string>();
  const [branch, setBranch] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const verified = Boolean(peekVerifiedSafetyPassword());
  const lockedName = accounts.data?.realName ?? null;
  const { password, setPassword, sending, submit } = useSafetyMutation({
    initialPassword: peekVerifiedSafetyPassword() ?? '',
    check: () =>
      (editId || lockedName ? undefined : fieldError(RealName, realName)) ??
      fieldError(BankCardNumber, cardNo) ??
      (bankCode ? undefined : '请选择开户银行'),
    send: async (safetyPassword) => {
      if (!user) return;
      const fields = { cardNo, bankCode, branch: branch.trim() || undefined };
      if (editId)
        await savePayoutAccount('updateBankCardFront', user.userName, safetyPassword, {
          id: editId,
          ...fields,
        });
      else
        await savePayoutAccount('addBankCard', user.userName, safetyPassword, {
          ...fields,
          realName: (lockedName ?? realName).trim(),
        });
      forgetVerifiedSafetyPassword();
      toastSuccess(editId ? '修改成功' : '绑定成功');
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void navigate('/bankcard', { replace: true });
    },
    // A failure that is not about the password keeps what was typed.
    clearOn: ['retry', 'closed'],
  });

  useEffect(() => {
    if (existing.data) {
      setBankCode(existing.data.bankCode ?? undefined);
      setBranch(existing.data.branch ?? '');
    }
  }, [existing.data]);

  // The bank follows the card prefix as the number is typed.
  useEffect(() => {
    if (!/^\d{6,28}$/.test(cardNo)) return;
    let stale = false;
    getBankOfCard(cardNo)
      .then((bank) => {
        if (!stale && bank) setBankCode(bank.bankCode);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [cardNo]);

  if (!user) return null;
  if (accounts.isPending || (editId && existing.isPending)) return <PageLoading />;
  const bankName = banks.data?.find((b) => b.bankCode === bankCode)?.bankName;

  return (
    <div className="wallet-page">
      <div className="card form-list">
        {editId ? (
          <div className="field-row">
            <span>原卡号</span>
            <span className="field-static">{existing.data?.accountNo}</span>
          </div>
        ) : null}
        <div className="field-row">
          <span>持卡人</span>
          {lockedName || editId ? (
            <span className="field-static">{lockedName ?? existing.data?.realName}</span>
          ) : (
            <Input
              placeholder="请输入真实姓名"
              value={realName}
              onChange={setRealName}
              maxLength={50}
              clearable
            />
          )}
        </div>
        <div className="field-row">
          <span>银行卡号</span>
          <Input
            inputMode="numeric"
            placeholder="请输入10-28位银行卡号"
            value={cardNo}
            onChange={(v) => setCardNo(v.replace(/\D/g, '').slice(0, 28))}
            clearable
          />
        </div>
        <div className="field-row">
          <span>开户银行</span>
          <button type="button" className="field-picker" onClick={() => setPickerOpen(true)}>
            {bankName ?? '请选择开户银行'}
          </button>
        </div>
        <div className="field-row">
          <span>开户支行</span>
          <Input
            placeholder="选填，如：北京朝阳支行"
            value={branch}
            onChange={setBranch}
            maxLength={100}
            clearable
          />
        </div>
        {verified ? null : (
          <div className="field-row">
            <span>安全密码</span>
            <SafetyPasswordInput value={password} onChange={setPassword} />
          </div>
        )}
      </div>
      <p className="wallet-hint">
        为保障资金安全，持卡人须与首次绑定的姓名一致，最多可绑定 {accounts.data?.maxBankCards ?? 5} 张银行卡。
      </p>
      <FormSubmit sending={sending} onSubmit={() => submit()}>
        {editId ? '确认修改' : '确认绑定'}
      </FormSubmit>
      <Picker
        visible={pickerOpen}
        columns={[(banks.data ?? []).map((b) => ({ label: b.bankName, value: b.bankCode }))]}
        value={bankCode ? [bankCode] : []}
        onClose={() => setPickerOpen(false)}
        onConfirm={(v) => setBankCode((v[0] as string | null) ?? undefined)}
        confirmText="确定"
        cancelText="取消"
      />
    </div>
  );
}
