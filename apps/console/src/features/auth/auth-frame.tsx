import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The signed-out pages' frame: one card in the middle of a quiet page. */
export function AuthFrame({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="console-auth">
      <div className="console-auth-brand">
        <span className="console-brand-mark" aria-hidden="true">
          彩
        </span>
        运营后台
      </div>
      <Card className="console-auth-card" title={title} extra={extra}>
        {children}
      </Card>
      <Typography.Text type="secondary" className="console-auth-foot">
        仅限授权员工使用，所有操作均记入审计日志
      </Typography.Text>
    </div>
  );
}
