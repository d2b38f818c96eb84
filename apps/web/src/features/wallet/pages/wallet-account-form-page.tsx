import { fieldError, RealName, walletAccountNumber } from '@lottery/contract/fields';
import { useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import { savePayoutAccount, usePayoutAccounts } from '../api/payout-accounts';
import { FormSubmit } from '../components/form-submit';
import { RequireSafetyPassword } from '../components/require-safety';
import { SafetyPasswordInput } from '../components/safety-password-field';
import '../wallet.css';

const FORMS = {
  '/CreateZFBaccount': { kind: 'alipay', label: '支付宝账号', path: 'addAlipay', edit: false },
  '/EditZFBaccount': { kind: 'alipay', label: '支付宝账号', path: 'updateAlipay', edit: true },
  '/CreateWXaccount': { kind: 'wechat', label: '微信账号', path: 'addWeixin', edit: false },
  '/EditWXaccount': { kind: 'wechat', label: '微信账号', path: 'updateWeixin', edit: true },
} as const;

/** The binding form an edit route falls back to when nothing of its kind is bound yet. */
const CREATE_PATH = { alipay: '/CreateZFBaccount', wechat: '/CreateWXaccount' } as const;

/** /CreateZFBaccount, /EditZFBaccount, /CreateWXaccount, /EditWXaccount: one account each. */
export default function WalletAccountFormPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const accounts = usePayoutAccounts();
  const form = FORMS[pathname as keyof typeof FORMS] ?? FORMS['/CreateZFBaccount'];
  const [account, setAccount] = useState('');
  const [realName, setRealName] = useState('');
  const current = accounts.data?.[form.kind][0];
  const editId = form.edit ? Number(params.get('id') ?? current?.id ?? 0) : undefined;
  const lockedName = accounts.data?.realName ?? null;
  const { password, setPassword, sending, submit } = useSafetyMutation({
    check: () => {
      return (
        fieldError(walletAccountNumber(form.kind), account) ??
        (form.edit || lockedName ? undefined : fieldError(RealName, realName))
      );
    },
    send: async (safetyPassword) => {
      if (!user) return;
      await savePayoutAccount(form.path, user.userName, safetyPassword, {
        id: editId,
        account: account.trim(),
        realName: form.edit ? undefined : (lockedName ?? realName).trim(),
      });
      toastSuccess(form.edit ? '修改成功' : '绑定成功');
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void navigate('/bankcard', { replace: true });
    },
  });
  if (!user) return null;
  if (accounts.isPending) return <PageLoading />;
  // Nothing bound: there is nothing to edit, so the player binds one (issue 37)
  if (form.edit && accounts.data && !current && !params.get('id'))
    return <Navigate to={CREATE_PATH[form.kind]} replace />;

  return (
    <div className="wallet-page">
      <RequireSafetyPassword>
        <div className="card form-list">
          {current && form.edit ? (
            <div className="field-row">
              <span>当前账号</span>
              <span className="field-static">{current.accountNo}</span>
            </div>
          ) : null}
          <div className="field-row">
            <span>{form.label}</span>
            <Input
              placeholder={`请输入${form.label}`}
              value={account}
              onChange={setAccount}
              maxLength={64}
              clearable
            />
          </div>
          <div className="field-row">
            <span>真实姓名</span>
            {form.edit || lockedName ? (
              <span className="field-static">{current?.realName ?? lockedName}</span>
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
            <span>安全密码</span>
            <SafetyPasswordInput value={password} onChange={setPassword} />
          </div>
        </div>
        <FormSubmit sending={sending} onSubmit={() => submit()}>
          {form.edit ? '确认修改' : '确认绑定'}
        </FormSubmit>
      </RequireSafetyPassword>
    </div>
  );
}
