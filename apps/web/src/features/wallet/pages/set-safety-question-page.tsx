import { useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { useUserStore } from '../../../shared/stores/user';
import { toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import { setSafetyQuestion } from '../api/security';
import { FormSubmit } from '../components/form-submit';
import { QuestionPicker } from '../components/question-picker';
import { RequireSafetyPassword } from '../components/require-safety';
import { SafetyPasswordInput } from '../components/safety-password-field';
import '../wallet.css';

/** /setSafetyQuestion: a question, its answer, confirmed with the safety password. */
export default function SetSafetyQuestionPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const [questionId, setQuestionId] = useState<number>();
  const [answer, setAnswer] = useState('');
  const { password, setPassword, sending, submit } = useSafetyMutation({
    check: () => (!questionId ? '请选择密保问题' : !answer.trim() ? '请输入答案' : undefined),
    send: async (safetyPassword) => {
      if (!user || !questionId) return;
      await setSafetyQuestion(user.userName, { questionId, answer: answer.trim(), safetyPassword });
      toastSuccess('设置成功');
      await queryClient.invalidateQueries({ queryKey: walletKeys.security });
      void navigate('/safetyQuestion', { replace: true });
    },
  });
  if (!user) return null;

  return (
    <div className="wallet-page">
      <RequireSafetyPassword>
        <div className="card form-list">
          <div className="field-row">
            <span>密保问题</span>
            <QuestionPicker value={questionId} onChange={setQuestionId} />
          </div>
          <div className="field-row">
            <span>答案</span>
            <Input placeholder="请输入答案" value={answer} onChange={setAnswer} maxLength={50} clearable />
          </div>
          <div className="field-row">
            <span>安全密码</span>
            <SafetyPasswordInput value={password} onChange={setPassword} />
          </div>
        </div>
        <FormSubmit sending={sending} onSubmit={() => submit()}>
          确认设置
        </FormSubmit>
      </RequireSafetyPassword>
    </div>
  );
}
