import { FieldMessages, fieldError, LoginPassword, UserName } from '@lottery/contract/fields';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { sendDeviceInfoOnce } from '../../../shared/lib/device-info';
import { fieldRule } from '../../../shared/lib/form-rule';
import { safeRedirect } from '../../../shared/lib/redirect';
import { zhCN } from '../../../shared/locales/zh-CN';
import { useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { checkInviteCode } from '../api/check-invite-code';
import { checkUser } from '../api/check-user';
import { useImageCode } from '../api/get-image-code';
import { useRegisterVerify } from '../api/get-register-verify';
import { useRegister } from '../api/register';

interface RegisterForm {
  userName: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string;
  imageCode?: string;
}

export const REGISTER_TEXT = {
  imageCodeRequired: '请输入验证码',
  inviteCodeRequired: '请输入邀请码',
  accountTaken: '该账号已被注册',
  inviteInvalid: '邀请码无效',
  success: '注册成功',
} as const;

/** /register: account, password twice, invite code and image captcha when the site asks for them. */

export default function RegisterPage() {
  const [form] = Form.useForm<RegisterForm>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useUserStore((s) => s.signIn);
  const verify = useRegisterVerify();
  const needImage = verify.data?.imageCode === true;
  const inviteMode = verify.data?.inviteCode ?? 'off';
  const imageCode = useImageCode(needImage);
  const register = useRegister();
  const invitedBy = params.get('inviteCode');

  // An invite link's visit reports this device once (spec/platform.md §3, docs/pwa.md).
  useEffect(() => {
    if (invitedBy) sendDeviceInfoOnce('invite', `inviteCode=${invitedBy}`);
  }, [invitedBy]);

  if (verify.isPending) return <PageLoading />;

  const onFinish = async (values: RegisterForm) => {
    try {
      const user = await register.mutateAsync({
        userName: values.userName.trim(),
        password: values.password,
        inviteCode: values.inviteCode?.trim() || undefined,
        imageCode: needImage ? values.imageCode?.trim() : undefined,
        imageCodeKey: needImage ? imageCode.data?.key : undefined,
      });
      signIn(user);
      await queryClient.invalidateQueries();
      toastSuccess(REGISTER_TEXT.success);
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      if (needImage) void imageCode.refetch();
      if (error instanceof ApiError && !error.handled && error.message) Toast.show(error.message);
    }
  };

  return (
    <div className="form-page">
      <div className="form-hero">
        <h1>注册账号</h1>
        <p>{FieldMessages.userName}</p>
      </div>
      <div className="form-card">
        <Form
          form={form}
          layout="horizontal"
          // An agent's copied invite link (/register?inviteCode=…, features/agent) fills the code in.
          initialValues={{ inviteCode: params.get('inviteCode') ?? undefined }}
          onFinish={onFinish}
          footer={
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              shape="rounded"
              loading={register.isPending}
            >
              立即注册
            </Button>
          }
        >
          <Form.Item
            name="userName"
            label="账号"
            validateTrigger="onBlur"
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const message = fieldError(UserName, (value ?? '').trim());
                  if (message) throw new Error(message);
                  const result = await checkUser(value!.trim()).catch(() => undefined);
                  if (result?.exists) throw new Error(REGISTER_TEXT.accountTaken);
                },
              },
            ]}
          >
            <Input placeholder="4-20位字母、数字或下划线" autoComplete="username" clearable />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[fieldRule(LoginPassword)]}>
            <Input
              placeholder="6-16位字母、数字或!@#$%^&*"
              type="password"
              autoComplete="new-password"
              clearable
            />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="确认密码"
            dependencies={['password']}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  if (!value) throw new Error('请再次输入密码');
                  if (value !== form.getFieldValue('password')) throw new Error(zhCN.passwordMismatch);
                },
              },
            ]}
          >
            <Input placeholder="请再次输入密码" type="password" autoComplete="new-password" clearable />
          </Form.Item>
          {inviteMode === 'off' ? null : (
            <Form.Item
              name="inviteCode"
              label="邀请码"
              validateTrigger="onBlur"
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const code = (value ?? '').trim();
                    if (!code) {
                      if (inviteMode === 'required') throw new Error(REGISTER_TEXT.inviteCodeRequired);
                      return;
                    }
                    const result = await checkInviteCode(code).catch(() => undefined);
                    if (result && !result.valid) throw new Error(REGISTER_TEXT.inviteInvalid);
                  },
                },
              ]}
            >
              <Input placeholder={inviteMode === 'required' ? '请输入邀请码' : '邀请码（选填）'} clearable />
            </Form.Item>
          )}
          {needImage ? (
            <Form.Item
              name="imageCode"
              label="验证码"
              rules={[{ required: true, message: REGISTER_TEXT.imageCodeRequired }]}
              extra={
                imageCode.data ? (
                  <img
                    className="captcha-img"
                    src={imageCode.data.image}
                    alt="验证码"
                    onClick={() => void imageCode.refetch()}
                  />
                ) : null
              }
            >
              <Input placeholder="请输入验证码" maxLength={8} clearable />
            </Form.Item>
          ) : null}
        </Form>
        <div className="form-links">
          <span />
          <button type="button" className="text-link" onClick={() => navigate('/login')}>
            已有账号？去登录
          </button>
        </div>
      </div>
    </div>
  );
}
