import { useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toastInfo, toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import { sendMailCode, sendPhoneCode, verifyMailCode, verifyPhoneCode } from '../api/security';
import { CodeSender } from '../components/code-sender';
import { FormSubmit } from '../components/form-submit';
import '../wallet.css';

export const PHONE_RULE = /^1[3-9]\d{9}$/;
export const MAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const CODE_RULE = /^\d{6}$/;

/** /setphone and /setMail: a 6-digit code goes through the outbox to the target, then binds it. */
export default function BindContactPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isPhone = pathname === '/setphone';
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const valid = isPhone ? PHONE_RULE.test(target) : MAIL_RULE.test(target);

  const submit = async () => {
    if (sending) return;
    if (!valid) return toastInfo(isPhone ? '手机号码格式不正确' : '邮箱格式不正确');
    if (!CODE_RULE.test(code)) return toastInfo('验证码为6位数字');
    setSending(true);
    try {
      if (isPhone) await verifyPhoneCode(target, code);
      else await verifyMailCode(target, code);
      toastSuccess('绑定成功');
      await queryClient.invalidateQueries({ queryKey: walletKeys.security });
      void navigate(isPhone ? '/secretPhone' : '/secretMail', { replace: true });
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
          <span>{isPhone ? '手机号码' : '邮箱地址'}</span>
          <Input
            inputMode={isPhone ? 'numeric' : 'email'}
            placeholder={isPhone ? '请输入手机号码' : '请输入邮箱地址'}
            value={target}
            onChange={(v) => setTarget(isPhone ? v.replace(/\D/g, '').slice(0, 11) : v.trim())}
            clearable
          />
        </div>
        <div className="field-row">
          <span>验证码</span>
          <Input
            inputMode="numeric"
            placeholder="请输入6位验证码"
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
          />
          <CodeSender
            disabled={!valid}
            send={() => (isPhone ? sendPhoneCode(target) : sendMailCode(target))}
          />
        </div>
      </div>
      <FormSubmit sending={sending} onSubmit={submit}>
        确认绑定
      </FormSubmit>
    </div>
  );
}
