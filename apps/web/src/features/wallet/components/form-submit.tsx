import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** The primary button under a wallet form: shows progress and cannot be pressed twice while sending. */
export function FormSubmit({
  sending,
  onSubmit,
  children,
}: {
  sending: boolean;
  onSubmit(): Promise<void>;
  children: ReactNode;
}) {
  return (
    <div className="form-actions">
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={sending}
        disabled={sending}
        onClick={() => void onSubmit()}
      >
        {children}
      </Button>
    </div>
  );
}
