import {
  ConsoleAuthApi,
  type ConsoleMe,
  type SignInStep,
  StaffAccount,
} from '@lottery/contract/console/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { consoleCall } from '../../api/call';
import { signedIn } from '../../app/session';
import { errorText } from '../../shared/errors';
import { AuthFrame } from './auth-frame';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorForm } from './second-factor-form';
import { type EnrolConfirmData, TotpEnrol } from './totp-enrol';

/**
 * Staff sign-in: account and password, then the second factor (a TOTP code or a recovery code).
 * An account whose second factor is not bound yet (new, or reset by an owner) binds it here
 * instead, and sees its recovery codes once. Afterwards: the page the visitor came for (`next`).
 */
type Stage =
  | { kind: 'password' }
  | { kind: 'code'; account: string; ticket: string }
  | { kind: 'enrol'; account: string; step: Extract<SignInStep, { step: 'enrol' }> }
  | { kind: 'recovery'; account: string; codes: string[] };

const TITLES: Record<Stage['kind'], string> = {
  password: '员工登录',
  code: '二次验证',
  enrol: '绑定动态验证码',
  recovery: '保存恢复码',
};

/** Only a path of the console itself: `next` comes from the address bar. */
const safeNext = (next: string | null) => (next && /^\/(?!\/)/.test(next) ? next : '/');

export function SignInPage() {
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const enter = () => void navigate(safeNext(params.get('next')), { replace: true });

  const signIn = useMutation({
    mutationFn: (input: { account: string; password: string }) => consoleCall(ConsoleAuthApi.signIn, input),
    onSuccess: (step, { account }) => {
      const name = account.trim().toLowerCase();
      setStage(
        step.step === 'totp'
          ? { kind: 'code', account: name, ticket: step.ticket }
          : { kind: 'enrol', account: name, step },
      );
    },
  });
  const done = (me: ConsoleMe) => {
    signedIn(client, me);
    enter();
  };
  const enrolled = (account: string) => (data: EnrolConfirmData) => {
    signedIn(client, data.me);
    setStage({ kind: 'recovery', account, codes: data.recoveryCodes });
  };
  const restart = () => {
    signIn.reset();
    setStage({ kind: 'password' });
  };

  return (
    <AuthFrame title={TITLES[stage.kind]}>
      {stage.kind === 'password' && (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(values: { account: string; password: string }) => signIn.mutate(values)}
          disabled={signIn.isPending}
        >
          {params.get('expired') && !signIn.isError && (
            <Alert type="info" showIcon title="登录已过期，请重新登录" className="console-gap" />
          )}
          {signIn.isError && (
            <Alert type="error" showIcon title={errorText(signIn.error)} className="console-gap" />
          )}
          <Form.Item
            label="账号"
            name="account"
            rules={[
              {
                validator: async (_rule, value) => {
                  const parsed = StaffAccount.safeParse(value ?? '');
                  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
                },
              },
            ]}
          >
            <Input size="large" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password size="large" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending}>
            登录
          </Button>
        </Form>
      )}
      {stage.kind === 'code' && (
        <SecondFactorForm ticket={stage.ticket} account={stage.account} onDone={done} onRestart={restart} />
      )}
      {stage.kind === 'enrol' && (
        <TotpEnrol step={stage.step} account={stage.account} onDone={enrolled(stage.account)} />
      )}
      {stage.kind === 'recovery' && (
        <RecoveryCodes codes={stage.codes} account={stage.account} onContinue={enter} />
      )}
    </AuthFrame>
  );
}
