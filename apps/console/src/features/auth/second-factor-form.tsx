import { ConsoleAuthApi, type ConsoleMe, StaffMessages } from '@lottery/contract/console/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { consoleCall } from '../../api/call';
import { errorText } from '../../shared/errors';

/**
 * The second step of a sign-in: the six digits of the authenticator app, or one of the recovery
 * codes (each works once). The server tells which by its form.
 */
export function SecondFactorForm({
  ticket,
  account,
  onDone,
  onRestart,
}: {
  ticket: string;
  account: string;
  onDone: (me: ConsoleMe) => void;
  onRestart: () => void;
}) {
  const verify = useMutation({
    mutationFn: (code: string) => consoleCall(ConsoleAuthApi.signInVerify, { ticket, code }),
    onSuccess: onDone,
  });
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }: { code: string }) => verify.mutate(code)}
      disabled={verify.isPending}
    >
      <Typography.Paragraph>
        账号 <Typography.Text strong>{account}</Typography.Text>{' '}
        已通过密码验证。请打开身份验证器应用，输入显示的6位动态验证码；手机不在身边时，可输入一个恢复码。
      </Typography.Paragraph>
      {verify.isError && (
        <Alert type="error" showIcon title={errorText(verify.error)} className="console-gap" />
      )}
      <Form.Item
        label="动态验证码或恢复码"
        name="code"
        rules={[{ required: true, whitespace: true, message: StaffMessages.secondFactor }]}
      >
        <Input size="large" autoComplete="one-time-code" autoFocus placeholder="6位数字，或 xxxxx-xxxxx" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={verify.isPending}>
        验证并登录
      </Button>
      <Button type="link" block onClick={onRestart} className="console-gap-top">
        返回重新登录
      </Button>
    </Form>
  );
}
