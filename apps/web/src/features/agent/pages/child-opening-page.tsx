import { fieldError, LoginPassword, UserName } from '@lottery/contract/fields';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { zhCN } from '../../../shared/locales/zh-CN';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { useOpenChild } from '../api/child-opening';
import { useRebate } from '../api/get-rebate';
import { LevelPicker } from '../components/level-picker';
import { LoadError } from '../components/load-error';
import { TypeRebateEditor } from '../components/type-rebate-editor';
import { useAgentId } from '../model/agent-user';
import { rebateLabel } from '../model/format';
import { CODE_TYPES, type CodeType } from '../model/invite-link';
import { encodeTypeRebates } from '../model/type-rebates';
import '../components/agent.css';

interface OpeningForm {
  userName: string;
  password: string;
  confirmPassword: string;
}

/**
 * /childOpening 下级开户: open a player or agent account directly below the agent, with a rebate no
 * higher than the own (the levels of users/rebate). The name and password rules are registration's
 * (packages/contract fields); the password is sent as registration sends it, a digest. The server's
 * answer is shown as it comes (开户成功, 该账号已被注册, …).
 */
export default function ChildOpeningPage() {
  const agentId = useAgentId();
  const navigate = useNavigate();
  const [form] = Form.useForm<OpeningForm>();
  const [type, setType] = useState<CodeType>(0);
  const [rebate, setRebate] = useState<string>();
  const [byType, setByType] = useState<Record<number, string>>({});
  const [opened, setOpened] = useState<string>();
  const rebateInfo = useRebate(agentId);
  const open = useOpenChild();

  if (rebateInfo.isPending) return <PageLoading />;
  if (rebateInfo.isError)
    return <LoadError error={rebateInfo.error} onRetry={() => void rebateInfo.refetch()} />;
  const info = rebateInfo.data;
  const chosen = rebate ?? info.levels[0]?.rebate;

  const onFinish = async (values: OpeningForm) => {
    if (chosen === undefined) return;
    const done = await open
      .mutateAsync({
        userName: values.userName.trim(),
        password: values.password,
        type,
        rebate: chosen,
        typeRebates: encodeTypeRebates(info.types, chosen, byType),
      })
      .catch(() => undefined);
    if (!done) return;
    toastSuccess(done.msg);
    setOpened(done.child.userName);
    form.resetFields();
    setByType({});
  };

  return (
    <div className="agent-page">
      <section className="agent-banner">
        <p className="agent-banner-label">我的返点</p>
        <p className="agent-banner-value">{rebateLabel(info.rebate)}</p>
        <p className="agent-banner-note">为下级直接开设账号，开户后即可用所设密码登录</p>
      </section>
      {opened ? (
        <div className="agent-notice" data-testid="child-opened">
          已开户：<b>{opened}</b>
          <button type="button" className="text-link" onClick={() => navigate('/memberManage')}>
            查看会员
          </button>
        </div>
      ) : null}
      <section className="agent-form card">
        <Form
          form={form}
          layout="horizontal"
          onFinish={(v) => void onFinish(v)}
          footer={
            <Button
              block
              type="submit"
              color="primary"
              shape="rounded"
              size="large"
              loading={open.isPending}
              disabled={chosen === undefined}
            >
              立即开户
            </Button>
          }
        >
          <Form.Item
            name="userName"
            label="账号"
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const message = fieldError(UserName, (value ?? '').trim());
                  if (message) throw new Error(message);
                },
              },
            ]}
          >
            <Input placeholder="4-20位字母、数字或下划线" autoComplete="off" clearable />
          </Form.Item>
          <Form.Item
            name="password"
            label="密码"
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const message = fieldError(LoginPassword, value ?? '');
                  if (message) throw new Error(message);
                },
              },
            ]}
          >
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
          <Form.Item label="开户类型">
            <Selector
              className="agent-selector"
              columns={2}
              value={[type]}
              onChange={(v) => {
                if (v[0] !== undefined) setType(v[0]);
              }}
              options={CODE_TYPES.map((t) => ({ label: t.label, value: t.codeType }))}
            />
          </Form.Item>
          <Form.Item label="返点">
            <LevelPicker levels={info.levels} value={chosen} onChange={setRebate} testId="child-rebate" />
          </Form.Item>
          <Form.Item>
            <TypeRebateEditor
              types={info.types}
              levels={info.levels}
              base={chosen}
              value={byType}
              onChange={setByType}
            />
          </Form.Item>
        </Form>
      </section>
    </div>
  );
}
