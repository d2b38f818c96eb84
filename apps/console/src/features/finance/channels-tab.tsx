import {
  type ChannelRow,
  type ChannelUpdateRequest,
  ConsoleFinanceApi,
  FinanceMessages,
  YuanAmount,
} from '@lottery/contract/console/finance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Switch,
  Table,
  type TableProps,
  Tag,
} from 'antd';
import { useState } from 'react';
import { consoleCall } from '../../api/call';
import { can, useMe } from '../../app/session';
import { errorText } from '../../shared/errors';
import { yuanText } from '../../shared/money';
import { channelListQuery, refreshFinance } from './finance-api';
import { isHandConfirmed } from './labels';
import { ReasonModal } from './reason-modal';

interface EditFields {
  min: string;
  max: string;
  sort: number;
  reason: string;
}

const yuanRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const parsed = YuanAmount.safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  },
};

/**
 * 支付渠道: every deposit channel in its order, with its per-order minimum and maximum; staff with
 * channel.manage switch one on or off and edit its limits and order, each with a reason (one
 * audit row). Limits go to the server as the yuan strings typed; min ≤ max is the server's rule.
 */
export function ChannelsTab() {
  const { data: me } = useMe();
  const mayManage = can(me, 'channel.manage');
  const list = useQuery(channelListQuery);
  const client = useQueryClient();
  const { message } = App.useApp();
  const [toggling, setToggling] = useState<ChannelRow | null>(null);
  const [editing, setEditing] = useState<ChannelRow | null>(null);
  const [form] = Form.useForm<EditFields>();

  const update = useMutation({
    mutationFn: (input: ChannelUpdateRequest) => consoleCall(ConsoleFinanceApi.channelUpdate, input),
    onSuccess: (row) => {
      void message.success(`已更新渠道：${row.name}`);
      setToggling(null);
      setEditing(null);
      void refreshFinance(client);
    },
  });

  const columns: TableProps<ChannelRow>['columns'] = [
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '渠道', dataIndex: 'name', width: 140 },
    {
      title: '代码',
      dataIndex: 'channel',
      width: 170,
      render: (c: string) => <span className="console-mono">{c}</span>,
    },
    {
      title: '确认方式',
      key: 'confirmedBy',
      width: 140,
      render: (_: unknown, row: ChannelRow) =>
        isHandConfirmed(row.channel) ? (
          <Tag color="blue">人工确认</Tag>
        ) : (
          <Tag>渠道回调（{row.provider}）</Tag>
        ),
    },
    { title: '单笔最低', dataIndex: 'min', align: 'right', width: 120, render: yuanText },
    { title: '单笔最高', dataIndex: 'max', align: 'right', width: 140, render: yuanText },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, row) => (
        <Switch
          checked={enabled}
          disabled={!mayManage}
          aria-label={`启用 ${row.name}`}
          onChange={() => {
            update.reset();
            setToggling(row);
          }}
        />
      ),
    },
    ...(mayManage
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, row: ChannelRow) => (
              <Button
                size="small"
                type="link"
                onClick={() => {
                  update.reset();
                  form.setFieldsValue({ min: row.min, max: row.max, sort: row.sort, reason: '' });
                  setEditing(row);
                }}
              >
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title="支付渠道">
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title="支付渠道加载失败"
          description={errorText(list.error)}
          action={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : (
        <Table<ChannelRow>
          rowKey="channel"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isPending}
          pagination={false}
          size="middle"
          locale={{ emptyText: '暂无支付渠道' }}
          data-testid="channel-table"
        />
      )}
      <ReasonModal
        ask={
          toggling && {
            title: `${toggling.enabled ? '停用' : '启用'}渠道：${toggling.name}`,
            okText: toggling.enabled ? '停用' : '启用',
            danger: toggling.enabled,
          }
        }
        pending={update.isPending}
        error={update.error}
        onSubmit={(reason) =>
          toggling && update.mutate({ channel: toggling.channel, enabled: !toggling.enabled, reason })
        }
        onClose={() => setToggling(null)}
      />
      <Modal
        open={editing !== null}
        title={editing ? `编辑渠道：${editing.name}` : ''}
        okText="保存"
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        confirmLoading={update.isPending}
        forceRender
      >
        <Form
          name="channel-edit"
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={update.isPending}
          onFinish={(f) =>
            editing &&
            update.mutate({
              channel: editing.channel,
              min: f.min.trim(),
              max: f.max.trim(),
              sort: f.sort,
              reason: f.reason.trim(),
            })
          }
        >
          {update.isError && editing && (
            <Alert type="error" showIcon title={errorText(update.error)} className="console-gap" />
          )}
          <Form.Item label="单笔最低（元）" name="min" rules={[yuanRule]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item label="单笔最高（元）" name="max" rules={[yuanRule]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            label="排序（小的在前）"
            name="sort"
            rules={[{ required: true, type: 'integer', min: 0, max: 9999, message: '排序须为0-9999的整数' }]}
          >
            <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            label="原因（记入审计日志）"
            name="reason"
            rules={[{ required: true, whitespace: true, max: 200, message: FinanceMessages.reason }]}
          >
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
