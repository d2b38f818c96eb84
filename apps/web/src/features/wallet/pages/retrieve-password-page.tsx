import { Input } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toastInfo } from '../../../shared/ui/toast';
import { proveOwnership, type RecoveryWay, sendRecoveryCode } from '../api/security';
import { CodeSender } from '../components/code-sender';
import { FormSubmit } from '../components/form-submit';
import { QuestionPicker } from '../components/question-picker';
import '../wallet.css';

/** /retrievePassword: a code sent to the bound phone or mail, or the question's answer → a reset token. */
export default function RetrievePasswordPage() {
  const navigate = useNavigate();
  const state = useLocation().state as { userName?: string; way?: RecoveryWay } | null;
  const [code, setCode] = useState('');
  const [target, setTarget] = useState<string>();
  const [questionId, setQuestionId] = useState<number>();
  const [answer, setAnswer] = useState('');
  const [sending, setSending] = useState(false);
  if (!state?.userName || !state.way) return <Navigate to="/forgotPassword" replace />;
  const { userName, way } = state;

  const submit = async () => {
    if (sending) return;
    if (way === 'question' ? !questionId || !answer.trim() : !/^\d{6}$/.test(code)) {
      return toastInfo(way === 'question' ? '请选择密保问题并输入答案' : '验证码为6位数字');
    }
    setSending(true);
    try {
      const { token } = await proveOwnership(
        userName,
        way === 'question' ? { way, questionId, answer: answer.trim() } : { way, code },
      );
      void navigate('/setLoginPassword', { replace: true, state: { userName, token } });
    } catch {
      // the shell showed the message
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="wallet-page">
      <p className="wallet-hint">账号：{userName}</p>
      <div className="card form-list">
        {way === 'question' ? (
          <>
            <div className="field-row">
              <span>密保问题</span>
              <QuestionPicker value={questionId} onChange={setQuestionId} />
            </div>
            <div className="field-row">
              <span>答案</span>
              <Input placeholder="请输入答案" value={answer} onChange={setAnswer} maxLength={50} clearable />
            </div>
          </>
        ) : (
          <div className="field-row">
            <span>验证码</span>
            <Input
              inputMode="numeric"
              placeholder="请输入6位验证码"
              value={code}
              onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
            />
            <CodeSender
              send={async () => {
                const sent = await sendRecoveryCode(userName, way);
                setTarget(sent.target);
              }}
            />
          </div>
        )}
      </div>
      {target ? <p className="wallet-hint">验证码已发送至 {target}</p> : null}
      <FormSubmit sending={sending} onSubmit={submit}>
        下一步
      </FormSubmit>
    </div>
  );
}
