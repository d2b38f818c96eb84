import { StaffMessages } from '@lottery/contract/console/auth';
import { ROLE_LABELS } from '@lottery/contract/console/roles';
import type { StaffRow } from '@lottery/contract/console/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { consoleCall } from '../../api/call';
import { useMe } from '../../app/session';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { CreateStaffModal } from './create-staff-modal';
import { EnrolLinkModal, type ShownLink } from './enrol-link-modal';
import { STAFF_ACTIONS, type StaffAction, staffListQuery } from './staff-api';

function statusTag(row: StaffRow, now: number) {
  if (row.status === 'disabled') return <Tag>已停用</Tag>;
  if (row.lockedUntil !== null && row.lockedUntil > now) return <Tag color="orange">已锁定</Tag>;
  if (!row.passwordSet) return <Tag color="blue">待激活</Tag>;
  return <Tag color="green">正常</Tag>;
}

/** `staff:7` as that account's name when it is in the list; `cli:root` (a command) as it is. */
function creatorName(createdBy: string, rows: readonly StaffRow[]): string {
  const id = /^staff:(\d+)$/.exec(createdBy)?.[1];
  const creator = id === undefined ? undefined : rows.find((row) => row.staffId === Number(id));
  return creator ? creator.account : createdBy;
}

/** The actions that make sense for an account as it is now. */
function actionsFor(row: StaffRow, selfId: number): StaffAction[] {
  if (row.staffId === selfId) return [];
  const actions: StaffAction[] = [row.status === 'active' ? 'disable' : 'enable'];
  if (row.totpEnrolled) actions.push('resetSecondFactor');
  actions.push('resetPassword');
  return actions;
}

/**
 * 员工管理 (staff.manage): every staff account, a new one with its role (which answers the
 * one-time enrolment link), and per account disable/enable, reset of the second factor or the
 * password, each with a reason for the audit log. An owner does not act on their own account here.
 */
export function StaffPage() {
  const { data: me } = useMe();
  const list = useQuery(staffListQuery);
  const client = useQueryClient();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [shownLink, setShownLink] = useState<ShownLink | null>(null);
  const [pending, setPending] = useState<{ row: StaffRow; action: StaffAction } | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const act = useMutation({
    mutationFn: async ({ row, action, reason }: { row: StaffRow; action: StaffAction; reason: string }) => {
      const input = { staffId: row.staffId, reason };
      if (action === 'resetPassword')
        return { link: (await consoleCall(STAFF_ACTIONS.resetPassword.endpoint, input)).link };
      await consoleCall(STAFF_ACTIONS[action].endpoint, input);
      return { link: undefined };
    },
    onSuccess: async ({ link }, { row, action }) => {
      await client.invalidateQueries({ queryKey: staffListQuery.queryKey });
      void message.success(`已${STAFF_ACTIONS[action].label}：${row.account}`);
      setPending(null);
      form.resetFields();
      if (link) setShownLink({ account: row.account, ...link });
    },
  });

  const now = Date.now();
  const columns: TableProps<StaffRow>['columns'] = [
    {
      title: '账号',
      dataIndex: 'account',
      render: (account: string) => <Typography.Text strong>{account}</Typography.Text>,
    },
    { title: '角色', dataIndex: 'role', render: (role: StaffRow['role']) => ROLE_LABELS[role] },
    { title: '状态', key: 'status', render: (_, row) => statusTag(row, now) },
    {
      title: '动态验证码',
      dataIndex: 'totpEnrolled',
      render: (enrolled: boolean) => (enrolled ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>),
    },
    { title: '最近登录', dataIndex: 'lastSignInAt', render: formatTime },
    { title: '创建时间', dataIndex: 'createdAt', render: formatTime },
    {
      title: '创建者',
      dataIndex: 'createdBy',
      render: (by: string) => creatorName(by, list.data?.items ?? []),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Space size={4} wrap>
          {actionsFor(row, me?.staffId ?? -1).map((action) => (
            <Button
              key={action}
              size="small"
              type="link"
              danger={STAFF_ACTIONS[action].danger}
              onClick={() => {
                act.reset();
                setPending({ row, action });
              }}
            >
              {STAFF_ACTIONS[action].label}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="员工账号"
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          新建员工
        </Button>
      }
    >
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title="员工列表加载失败"
          description={errorText(list.error)}
          action={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : (
        <Table<StaffRow>
          rowKey="staffId"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isPending}
          pagination={false}
          locale={{ emptyText: '暂无员工' }}
          size="middle"
        />
      )}
      <CreateStaffModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(link) => {
          setCreating(false);
          setShownLink(link);
        }}
      />
      <EnrolLinkModal link={shownLink} onClose={() => setShownLink(null)} />
      <Modal
        open={pending !== null}
        title={pending ? `${STAFF_ACTIONS[pending.action].label}：${pending.row.account}` : ''}
        okText="确定"
        okButtonProps={{ danger: pending ? STAFF_ACTIONS[pending.action].danger : false }}
        onOk={() => form.submit()}
        onCancel={() => {
          setPending(null);
          form.resetFields();
        }}
        confirmLoading={act.isPending}
        forceRender
      >
        <Form
          name="staff-action"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={({ reason }) => pending && act.mutate({ ...pending, reason })}
        >
          {pending?.action === 'disable' && (
            <Typography.Paragraph type="secondary">
              停用后该账号立即退出，且不能再登录，直到重新启用。
            </Typography.Paragraph>
          )}
          {pending?.action === 'resetSecondFactor' && (
            <Typography.Paragraph type="secondary">
              清除其动态验证码与恢复码并结束其会话；下次登录时须重新绑定。
            </Typography.Paragraph>
          )}
          {pending?.action === 'resetPassword' && (
            <Typography.Paragraph type="secondary">
              清除其密码并生成新的激活链接；其会话随即结束。
            </Typography.Paragraph>
          )}
          {act.isError && (
            <Alert type="error" showIcon title={errorText(act.error)} className="console-gap" />
          )}
          <Form.Item
            label="原因（记入审计日志）"
            name="reason"
            rules={[{ required: true, whitespace: true, max: 200, message: StaffMessages.reason }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
