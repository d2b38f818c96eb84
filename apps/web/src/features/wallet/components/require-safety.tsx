import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useHasSafetyPassword } from '../api/safety-password';
import { SafetyPasswordPopup } from './safety-password-popup';

/**
 * Payout accounts change only with the safety password (-3059 您还未设置安全密码 otherwise):
 * without one the page offers the set popup first.
 */
export function RequireSafetyPassword({ children }: { children: React.ReactNode }) {
  const user = useUserStore((s) => s.user);
  const has = useHasSafetyPassword();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  if (has.isPending) return <PageLoading />;
  if (has.data) return children;
  return (
    <div className="card need-safety">
      <p>您还未设置安全密码，请先设置安全密码</p>
      <Button color="primary" shape="rounded" onClick={() => setOpen(true)}>
        设置安全密码
      </Button>
      <SafetyPasswordPopup
        visible={open}
        userName={user.userName}
        hasPassword={false}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          void has.refetch();
        }}
      />
    </div>
  );
}
