import {
  ConsoleAuthApi,
  type SignInStep,
  StaffMessages,
  StaffPassword,
} from '@lottery/contract/console/auth';
import { ROLE_LABELS } from '@lottery/contract/console/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Result, Spin, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { consoleCall } from '../../api/call';
import { signedIn } from '../../app/session';
import { errorText } from '../../shared/errors';
import { AuthFrame } from './auth-frame';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorForm } from './second-factor-form';
import { type EnrolConfirmData, TotpEnrol } from './totp-enrol';

/**
 * The one-time enrolment link (`/console/enrol?token=…`) an owner or `npm run admin -- staff-create`
 * hands a new staff member: set the password, bind the authenticator app, keep the recovery codes.
 * Setting the password uses the link up; the rest of the way is the sign-in's ticket.
 */
type Stage =
  | { kind: 'password' }
  | { kind: 'enrol'; step: Extract<SignInStep, { step: 'enrol' }> }
  | { kind: 'code'; ticket: string }
  | { kind: 'recovery'; codes: string[] };

const STEP_OF: Record<Stage['kind'], number> = { password: 0, enrol: 1, code: 1, recovery: 2 };

export function EnrolPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const navigate = useNavigate();
  const client = useQueryClient();

  const link = useQuery({
    queryKey: ['console', 'enrol', token],
    queryFn: ({ signal }) => consoleCall(ConsoleAuthApi.enrolCheck, { token }, { signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const setPassword = useMutation({
    mutationFn: (password: string) => consoleCall(ConsoleAuthApi.enrolPassword, { token, password }),
    onSuccess: (step) =>
      setStage(step.step === 'enrol' ? { kind: 'enrol', step } : { kind: 'code', ticket: step.ticket }),
  });
  const enrolled = (data: EnrolConfirmData) => {
    signedIn(client, data.me);
    setStage({ kind: 'recovery', codes: data.recoveryCodes });
  };
  const enter = () => void navigate('/', { replace: true });

  if (token === '' || link.isError) {
    return (
      <AuthFrame title="激活员工账号">
        <Result
          status="warning"
          title={StaffMessages.token}
          subTitle={link.isError ? errorText(link.error) : '请向所有者索取新的激活链接。'}
          extra={<Link to="/login">前往登录</Link>}
        />
      </AuthFrame>
    );
  }
  if (link.isPending) {
    return (
      <AuthFrame title="激活员工账号">
        <Spin />
      </AuthFrame>
    );
  }
  const account = link.data.account;

  return (
    <AuthFrame title="激活员工账号">
      <Steps
        size="small"
        current={STEP_OF[stage.kind]}
        items={[{ title: '设置密码' }, { title: '绑定动态验证码' }, { title: '保存恢复码' }]}
        className="console-gap"
      />
      <Descriptions
        size="small"
        column={2}
        className="console-gap"
        items={[
          { key: 'account', label: '账号', children: account },
          { key: 'role', label: '角色', children: ROLE_LABELS[link.data.role] },
        ]}
      />
      {stage.kind === 'password' && (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={({ password }: { password: string }) => setPassword.mutate(password)}
          disabled={setPassword.isPending}
        >
          {setPassword.isError && (
            <Alert type="error" showIcon title={errorText(setPassword.error)} className="console-gap" />
          )}
          <Form.Item
            label="设置密码"
            name="password"
            extra={StaffMessages.password}
            rules={[
              {
                validator: async (_rule, value) => {
                  const parsed = StaffPassword.safeParse(value ?? '');
                  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
                },
              },
            ]}
          >
            <Input.Password size="large" autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            label="确认密码"
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: '请再次输入密码' },
              ({ getFieldValue }) => ({
                validator: async (_rule, value) => {
                  if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
                },
              }),
            ]}
          >
            <Input.Password size="large" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={setPassword.isPending}>
            下一步
          </Button>
        </Form>
      )}
      {stage.kind === 'enrol' && <TotpEnrol step={stage.step} account={account} onDone={enrolled} />}
      {stage.kind === 'code' && (
        <SecondFactorForm
          ticket={stage.ticket}
          account={account}
          onDone={(me) => {
            signedIn(client, me);
            enter();
          }}
          onRestart={() => void navigate('/login')}
        />
      )}
      {stage.kind === 'recovery' && (
        <RecoveryCodes codes={stage.codes} account={account} onContinue={enter} />
      )}
    </AuthFrame>
  );
}
