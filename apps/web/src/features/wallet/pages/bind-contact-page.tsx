import { useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toastInfo, toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import { sendMailCode, sendPhoneCode, verifyMailCode, verifyPhoneCode } from '../api/security';
import { CodeSender } from '../components/code-sender';
import { FormSubmit } from '../components/form-submit';
import { cleanContact, contactError } from '../model/contact';
import '../wallet.css';

export const CODE_RULE = /^\d{6}$/;

/** Stops CodeSender before it sends: the player was already told what is wrong. */
class ContactRefused extends Error {}

/**
 * /setphone and /setMail: a 6-digit code goes through the outbox to the target, then binds it.
 * 获取验证码 stays tappable: with a wrong number or address it says what is wrong and sends nothing.
 */
export default function BindContactPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kind = pathname === '/setphone' ? 'phone' : 'mail';
  const isPhone = kind === 'phone';
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);

  const sendCode = async () => {
    const problem = contactError(kind, target);
    if (problem) {
      toastInfo(problem);
      throw new ContactRefused(problem);
    }
    return isPhone ? sendPhoneCode(target) : sendMailCode(target);
  };

  const submit = async () => {
    if (sending) return;
    const problem = contactError(kind, target);
    if (problem) return toastInfo(problem);
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
            onChange={(v) => setTarget(cleanContact(kind, v))}
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
          <CodeSender send={sendCode} />
        </div>
      </div>
      <FormSubmit sending={sending} onSubmit={submit}>
        确认绑定
      </FormSubmit>
    </div>
  );
}
