import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { toastSuccess } from '../../../shared/ui/toast';

export const RESEND_SECONDS = 60;

/** 获取验证码 with the server's one-per-60-seconds pace as a countdown; never double-sends. */
export function CodeSender(props: { disabled?: boolean; send(): Promise<unknown> }) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      shape="rounded"
      loading={busy}
      disabled={props.disabled || busy || left > 0}
      onClick={async () => {
        setBusy(true);
        try {
          await props.send();
          toastSuccess('验证码已发送');
          setLeft(RESEND_SECONDS);
        } catch {
          // the shell showed the message
        } finally {
          setBusy(false);
        }
      }}
    >
      {left > 0 ? `${left}秒后重发` : '获取验证码'}
    </Button>
  );
}
