import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useSecurityList } from '../api/security';
import '../wallet.css';

const KINDS = {
  '/secretPhone': { key: 'phone', label: '手机', next: '/setphone' },
  '/secretMail': { key: 'mail', label: '邮箱', next: '/setMail' },
  '/safetyQuestion': { key: 'question', label: '密保问题', next: '/setSafetyQuestion' },
} as const;

/** /secretPhone, /secretMail, /safetyQuestion: what is bound, and the way to bind or change it. */
export default function ContactStatusPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const list = useSecurityList();
  const kind = KINDS[pathname as keyof typeof KINDS] ?? KINDS['/secretPhone'];
  if (list.isPending) return <PageLoading />;
  const item = list.data?.find((i) => i.key === kind.key);
  const set = Boolean(item?.set);
  return (
    <div className="wallet-page">
      <Result
        status={set ? 'success' : 'info'}
        title={set ? `已绑定${kind.label}` : `未绑定${kind.label}`}
        description={set ? (item?.value ?? '已设置') : `绑定${kind.label}后可用于找回登录密码`}
      />
      <div className="form-actions">
        <Button block color="primary" shape="rounded" onClick={() => void navigate(kind.next)}>
          {set ? `更换${kind.label}` : `绑定${kind.label}`}
        </Button>
      </div>
    </div>
  );
}
