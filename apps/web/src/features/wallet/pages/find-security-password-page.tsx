import { useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleVerifyFailure } from '../../../shared/forms/verify-failure';
import { useUserStore } from '../../../shared/stores/user';
import { toastInfo, toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import { resetSafetyPassword } from '../api/safety-password';
import { FormSubmit } from '../components/form-submit';
import { SafetyPasswordInput } from '../components/safety-password-field';
import { newSafetyPasswordError, SAFETY_TEXT } from '../model/safety-steps';
import '../wallet.css';

/** /findSecurityPassword: a forgotten safety password is replaced after the login password. */
export default function FindSecurityPasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const [loginPassword, setLoginPassword] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sending, setSending] = useState(false);
  if (!user) return null;

  const submit = async () => {
    if (sending) return;
    if (!loginPassword) return toastInfo('请输入登录密码');
    const error = newSafetyPasswordError(next);
    if (error) return toastInfo(error);
    if (confirm !== next) {
      setConfirm('');
      return toastInfo(SAFETY_TEXT.mismatch);
    }
    setSending(true);
    try {
      await resetSafetyPassword(user.userName, { loginPassword, newPassword: next, confirm });
      toastSuccess('设置成功');
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void navigate('/securityCenter', { replace: true });
    } catch (error) {
      setLoginPassword('');
      await handleVerifyFailure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="wallet-page">
      <p className="wallet-hint">验证登录密码后即可重新设置6位数字安全密码</p>
      <div className="card form-list">
        <div className="field-row">
          <span>登录密码</span>
          <Input
            type="password"
            placeholder="请输入登录密码"
            value={loginPassword}
            onChange={setLoginPassword}
            clearable
          />
        </div>
        <div className="field-row">
          <span>新安全密码</span>
          <SafetyPasswordInput value={next} onChange={setNext} />
        </div>
        <div className="field-row">
          <span>确认密码</span>
          <SafetyPasswordInput value={confirm} onChange={setConfirm} />
        </div>
      </div>
      <FormSubmit sending={sending} onSubmit={submit}>
        确认
      </FormSubmit>
    </div>
  );
}
