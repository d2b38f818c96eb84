import { DIGITAL_PROTOCOLS, fieldError, walletAddress } from '@lottery/contract/fields';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import { savePayoutAccount, usePayoutAccount } from '../api/payout-accounts';
import { FormSubmit } from '../components/form-submit';
import { RequireSafetyPassword } from '../components/require-safety';
import { SafetyPasswordInput } from '../components/safety-password-field';
import '../wallet.css';

/** /addDigitalCurrency, /addAddressDigitalCurrency (add) and /upDateDigitalCurrency?id= (edit). */
export default function DigitalCurrencyFormPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const editId =
    pathname === '/upDateDigitalCurrency' ? Number(params.get('id') ?? 0) || undefined : undefined;
  const existing = usePayoutAccount(editId);
  const [protocol, setProtocol] = useState<string>('TRC20');
  const [address, setAddress] = useState('');
  const [alias, setAlias] = useState('');

  const { password, setPassword, sending, submit } = useSafetyMutation({
    check: () => fieldError(walletAddress(protocol), address.trim()),
    send: async (safetyPassword) => {
      if (!user) return;
      await savePayoutAccount(
        editId ? 'updateDigitalCurrency' : 'addDigitalCurrency',
        user.userName,
        safetyPassword,
        { id: editId, protocol, address: address.trim(), alias: alias.trim() || undefined },
      );
      toastSuccess(editId ? '修改成功' : '添加成功');
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void navigate('/digitalCurrency', { replace: true });
    },
  });

  useEffect(() => {
    if (!existing.data) return;
    setProtocol(existing.data.protocol ?? 'TRC20');
    setAddress(existing.data.accountNo);
    setAlias(existing.data.alias ?? '');
  }, [existing.data]);

  if (!user) return null;
  // an edit form fills from the stored address first, so nothing typed is overwritten
  if (editId && existing.isPending) return <PageLoading />;

  return (
    <div className="wallet-page">
      <RequireSafetyPassword>
        <div className="card form-list">
          <div className="field-row">
            <span>币种</span>
            <span className="field-static">USDT</span>
          </div>
          <div className="field-row">
            <span>协议</span>
            <Selector
              columns={2}
              options={DIGITAL_PROTOCOLS.map((p) => ({ label: p, value: p }))}
              value={[protocol]}
              onChange={(v) => v[0] && setProtocol(v[0])}
            />
          </div>
          <div className="field-row">
            <span>钱包地址</span>
            <Input
              placeholder={protocol === 'TRC20' ? '以T开头的34位地址' : '以0x开头的42位地址'}
              value={address}
              onChange={setAddress}
              maxLength={64}
              clearable
            />
          </div>
          <div className="field-row">
            <span>备注</span>
            <Input placeholder="选填，最多20字" value={alias} onChange={setAlias} maxLength={20} clearable />
          </div>
          <div className="field-row">
            <span>安全密码</span>
            <SafetyPasswordInput value={password} onChange={setPassword} />
          </div>
        </div>
        <FormSubmit sending={sending} onSubmit={() => submit()}>
          {editId ? '确认修改' : '确认添加'}
        </FormSubmit>
      </RequireSafetyPassword>
    </div>
  );
}
