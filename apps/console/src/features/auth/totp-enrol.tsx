import { ConsoleAuthApi, type SignInStep, StaffMessages } from '@lottery/contract/console/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { type ConsoleReply, consoleCall } from '../../api/call';
import { errorText } from '../../shared/errors';
import { QrCode } from '../../shared/qr-code';

type EnrolStep = Extract<SignInStep, { step: 'enrol' }>;
/** The recovery codes and `me` of a finished enrolment. */
export type EnrolConfirmData = ConsoleReply<typeof ConsoleAuthApi.enrolConfirm>;

/** The secret in groups of four, as authenticator apps show it for typing by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Binding the authenticator app: the otpauth URL as a QR code (drawn here), the secret as text
 * for typing by hand, and the first code to prove the app has it. Answers the recovery codes.
 */
export function TotpEnrol({
  step,
  account,
  onDone,
}: {
  step: EnrolStep;
  account: string;
  onDone: (data: EnrolConfirmData) => void;
}) {
  const confirm = useMutation({
    mutationFn: (code: string) => consoleCall(ConsoleAuthApi.enrolConfirm, { ticket: step.ticket, code }),
    onSuccess: onDone,
  });
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }: { code: string }) => confirm.mutate(code)}
      disabled={confirm.isPending}
    >
      <Typography.Paragraph>
        每个员工账号都必须绑定动态验证码。请用手机上的身份验证器应用（如 Google Authenticator、Microsoft
        Authenticator 或 1Password）扫描下方二维码，然后输入应用显示的6位数字。
      </Typography.Paragraph>
      <Flex gap={24} align="center" className="console-gap">
        <div className="console-qr">
          <QrCode text={step.otpauthUrl} size={176} label={`${account} 的动态验证码二维码`} />
        </div>
        <div className="console-totp-side">
          <Typography.Text type="secondary">无法扫码时，在应用中手动输入密钥：</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: step.secret, tooltips: ['复制密钥', '已复制'] }}
            className="console-secret"
            data-testid="totp-secret"
          >
            {grouped(step.secret)}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            账号：{account}
            <br />
            类型：基于时间，每30秒更新
          </Typography.Text>
        </div>
      </Flex>
      {confirm.isError && (
        <Alert type="error" showIcon title={errorText(confirm.error)} className="console-gap" />
      )}
      <Form.Item
        label="动态验证码"
        name="code"
        rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: StaffMessages.totp }]}
      >
        <Input
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6位数字"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={confirm.isPending}>
        验证并绑定
      </Button>
    </Form>
  );
}
