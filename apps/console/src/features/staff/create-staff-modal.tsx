import { StaffAccount, StaffMessages } from '@lottery/contract/console/auth';
import { ROLE_LABELS, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@lottery/contract/console/roles';
import { ConsoleStaffApi, type StaffCreateRequest } from '@lottery/contract/console/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { consoleCall } from '../../api/call';
import { errorText } from '../../shared/errors';
import type { ShownLink } from './enrol-link-modal';
import { staffListQuery } from './staff-api';

const roleOptions = STAFF_ROLES.map((role) => ({
  value: role,
  label: `${ROLE_LABELS[role]}（${ROLE_PERMISSIONS[role].length} 项权限）`,
}));

/** A new staff account with its role; answers the one-time enrolment link to show. */
export function CreateStaffModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (link: ShownLink) => void;
}) {
  const [form] = Form.useForm<{ account: string; role: StaffRole; reason?: string }>();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (input: StaffCreateRequest) => consoleCall(ConsoleStaffApi.create, input),
    onSuccess: async ({ staff, link }) => {
      await client.invalidateQueries({ queryKey: staffListQuery.queryKey });
      form.resetFields();
      onCreated({ account: staff.account, ...link });
    },
  });
  const close = () => {
    create.reset();
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title="新建员工"
      okText="创建"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
      forceRender
    >
      <Form
        name="staff-create"
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'support' }}
        onFinish={(values) =>
          create.mutate({ account: values.account, role: values.role, reason: values.reason ?? '' })
        }
        disabled={create.isPending}
      >
        {create.isError && (
          <Alert type="error" showIcon title={errorText(create.error)} className="console-gap" />
        )}
        <Form.Item
          label="账号"
          name="account"
          extra={StaffMessages.account}
          rules={[
            {
              validator: async (_rule, value) => {
                const parsed = StaffAccount.safeParse(value ?? '');
                if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={roleOptions} data-testid="role-select" />
        </Form.Item>
        <Form.Item
          label="原因（记入审计日志）"
          name="reason"
          rules={[{ max: 200, message: StaffMessages.reason }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
