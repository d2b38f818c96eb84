import { fieldError, LoginPassword } from '@lottery/contract/fields';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toastInfo, toastSuccess } from '../../../shared/ui/toast';
import { resetForgottenPassword } from '../api/security';
import { FormSubmit } from '../components/form-submit';
import '../wallet.css';

/** /setLoginPassword: the new login password with the one-time token; then log in again. */
export default function SetLoginPasswordPage() {
  const navigate = useNavigate();
  const state = useLocation().state as { userName?: string; token?: string } | null;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sending, setSending] = useState(false);
  if (!state?.userName || !state.token) return <Navigate to="/forgotPassword" replace />;
  const { userName, token } = state;

  const submit = async () => {
    if (sending) return;
    const error = fieldError(LoginPassword, password);
    if (error) return toastInfo(error);
    if (confirm !== password) return toastInfo('两次密码输入不一致');
    setSending(true);
    try {
      await resetForgottenPassword(userName, token, password);
      toastSuccess('修改成功');
      void navigate('/login', { replace: true });
    } catch {
      // the shell showed the message
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="wallet-page">
      <div className="card form-list">
        <div className="field-row">
          <span>新密码</span>
          <Input
            type="password"
            placeholder="6-16位字母、数字或!@#$%^&*"
            value={password}
            onChange={setPassword}
            clearable
          />
        </div>
        <div className="field-row">
          <span>确认密码</span>
          <Input
            type="password"
            placeholder="请再次输入新密码"
            value={confirm}
            onChange={setConfirm}
            clearable
          />
        </div>
      </div>
      <FormSubmit sending={sending} onSubmit={submit}>
        确认修改
      </FormSubmit>
    </div>
  );
}
