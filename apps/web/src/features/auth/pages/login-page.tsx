import { LoginPassword, UserName } from '@lottery/contract/fields';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { fieldRule } from '../../../shared/lib/form-rule';
import { safeRedirect } from '../../../shared/lib/redirect';
import { useUserStore } from '../../../shared/stores/user';
import { toastSuccess } from '../../../shared/ui/toast';
import { useLogin } from '../api/login';
import { AuthHero } from '../components/auth-hero';

interface LoginForm {
  userName: string;
  password: string;
}

/** /login: account + password; back to the redirect query afterwards. */
export default function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useUserStore((s) => s.signIn);
  const login = useLogin();

  const onFinish = async (values: LoginForm) => {
    try {
      const user = await login.mutateAsync({ userName: values.userName.trim(), password: values.password });
      signIn(user);
      await queryClient.invalidateQueries();
      toastSuccess('登录成功');
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && !error.handled && error.message) Toast.show(error.message);
    }
  };

  return (
    <div className="form-page">
      <AuthHero subtitle="欢迎回来，请登录您的账号" />
      <div className="form-card">
        <Form
          form={form}
          layout="horizontal"
          onFinish={onFinish}
          footer={
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              shape="rounded"
              loading={login.isPending}
            >
              登录
            </Button>
          }
        >
          <Form.Item name="userName" label="账号" rules={[fieldRule(UserName)]}>
            <Input placeholder="请输入账号" autoComplete="username" clearable />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[fieldRule(LoginPassword)]}>
            <Input placeholder="请输入密码" type="password" autoComplete="current-password" clearable />
          </Form.Item>
        </Form>
        <div className="form-links">
          <button type="button" className="text-link" onClick={() => navigate('/forgotPassword')}>
            忘记密码？
          </button>
          <button
            type="button"
            className="text-link"
            onClick={() =>
              navigate(
                `/register${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`,
              )
            }
          >
            没有账号？立即注册
          </button>
        </div>
      </div>
      <div className="form-actions">
        <Button block fill="none" onClick={() => navigate('/home')}>
          先去逛逛
        </Button>
      </div>
    </div>
  );
}
