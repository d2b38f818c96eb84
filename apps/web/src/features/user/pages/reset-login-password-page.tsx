import { fieldError, LoginPassword } from '@lottery/contract/fields';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formRule } from '../../../shared/lib/form-rule';
import { zhCN } from '../../../shared/locales/zh-CN';
import { useUserStore } from '../../../shared/stores/user';
import { toastSuccess } from '../../../shared/ui/toast';
import { useResetPassword } from '../api/reset-password';

interface ResetForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /resetLoginPassword: old + new password (digests); other sessions are revoked by the server. */
export default function ResetLoginPasswordPage() {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const reset = useResetPassword();
  const [form] = Form.useForm<ResetForm>();
  if (!user) return null;

  const onFinish = async (values: ResetForm) => {
    try {
      await reset.mutateAsync({
        userName: user.userName,
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      toastSuccess(zhCN.modifyOk);
      void navigate('/userCenter', { replace: true });
    } catch {
      // the shell showed the server's message
    }
  };

  return (
    <div className="card">
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" shape="rounded" loading={reset.isPending}>
            确认修改
          </Button>
        }
      >
        <Form.Item
          name="oldPassword"
          label="旧密码"
          rules={[formRule((v) => (v ? undefined : '请输入旧密码'))]}
        >
          <Input type="password" placeholder="请输入旧密码" autoComplete="current-password" clearable />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="新密码"
          dependencies={['oldPassword']}
          rules={[
            formRule(
              (v) =>
                fieldError(LoginPassword, v) ??
                (v === form.getFieldValue('oldPassword') ? zhCN.newPasswordSameAsOld : undefined),
            ),
          ]}
        >
          <Input
            type="password"
            placeholder="6-16位字母、数字或!@#$%^&*"
            autoComplete="new-password"
            clearable
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认密码"
          dependencies={['newPassword']}
          rules={[
            formRule((v) =>
              v && v === form.getFieldValue('newPassword') ? undefined : zhCN.passwordMismatch,
            ),
          ]}
        >
          <Input type="password" placeholder="请再次输入新密码" autoComplete="new-password" clearable />
        </Form.Item>
      </Form>
    </div>
  );
}
