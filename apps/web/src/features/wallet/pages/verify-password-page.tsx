import { Button, PasscodeInput } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { safeRedirect } from '../../../shared/lib/redirect';
import { useUserStore } from '../../../shared/stores/user';
import { toastSuccess } from '../../../shared/ui/toast';
import { verifySafetyPassword } from '../api/safety-password';
import { RequireSafetyPassword } from '../components/require-safety';
import '../wallet.css';

/** /verifyPassword: checks the safety password, then continues to `redirect` (or the security centre). */
export default function VerifyPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useUserStore((s) => s.user);
  const {
    password: value,
    setPassword: setValue,
    sending: busy,
    submit: verify,
  } = useSafetyMutation({
    incomplete: 'ignore',
    send: async (password) => {
      if (!user) return;
      await verifySafetyPassword(user.userName, password);
      toastSuccess('验证成功');
      void navigate(safeRedirect(params.get('redirect'), '/securityCenter'), { replace: true });
    },
    onLocked: () => void navigate('/securityCenter'),
  });
  if (!user) return null;

  return (
    <div className="wallet-page">
      <RequireSafetyPassword>
        <div className="card verify-card">
          <h4>请输入安全密码</h4>
          <PasscodeInput length={6} value={value} onChange={setValue} onFill={(v) => void verify(v)} />
          <Button
            block
            color="primary"
            shape="rounded"
            loading={busy}
            disabled={busy || value.length !== 6}
            onClick={() => void verify(value)}
          >
            验证
          </Button>
          <button type="button" className="card-link" onClick={() => void navigate('/findSecurityPassword')}>
            忘记安全密码？
          </button>
        </div>
      </RequireSafetyPassword>
    </div>
  );
}
