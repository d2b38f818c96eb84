import { Button, PasscodeInput } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { safeRedirect } from '../../../shared/lib/redirect';
import { useUserStore } from '../../../shared/stores/user';
import { safetyCheckBankCard } from '../api/safety-password';
import { RequireSafetyPassword } from '../components/require-safety';
import { holdVerifiedSafetyPassword } from '../model/verified-safety';
import '../wallet.css';

/** /verifyBankCard: the safety password first (safetyCheckBankCard), then the card form. */
export default function VerifyBankCardPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useUserStore((s) => s.user);
  const next = params.get('next')?.startsWith('/setBankcard')
    ? safeRedirect(params.get('next'))
    : '/setBankcard';
  const {
    password: value,
    setPassword: setValue,
    sending: busy,
    submit: verify,
  } = useSafetyMutation({
    incomplete: 'ignore',
    send: async (password) => {
      if (!user) return;
      await safetyCheckBankCard(user.userName, password);
      holdVerifiedSafetyPassword(password);
      void navigate(next, { replace: true });
    },
    onLocked: () => void navigate('/bankcard'),
  });
  if (!user) return null;

  return (
    <div className="wallet-page">
      <RequireSafetyPassword>
        <div className="card verify-card">
          <h4>请输入安全密码</h4>
          <p className="wallet-hint">为了您的账户安全，绑定或修改银行卡前请验证安全密码</p>
          <PasscodeInput length={6} value={value} onChange={setValue} onFill={(v) => void verify(v)} />
          <Button
            block
            color="primary"
            shape="rounded"
            loading={busy}
            disabled={busy || value.length !== 6}
            onClick={() => void verify(value)}
          >
            下一步
          </Button>
        </div>
      </RequireSafetyPassword>
    </div>
  );
}
