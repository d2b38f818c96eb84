import type { AuditFilter } from '@lottery/contract/console/audit';
import { Button, Form, Input, Space } from 'antd';
import { beijingInputToEpoch } from '../../shared/format';

interface FilterFields {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/** The fields as the server's filter: empty fields left out, times read as Beijing time. */
function filterOf(fields: FilterFields): AuditFilter {
  return {
    actor: trimmed(fields.actor),
    action: trimmed(fields.action),
    target: trimmed(fields.target),
    from: fields.from ? beijingInputToEpoch(fields.from) : undefined,
    to: fields.to ? beijingInputToEpoch(fields.to) : undefined,
  };
}

/** 操作者, 动作, 对象 and a time range (Beijing time, native pickers: no date library on the page). */
export function AuditFilterForm({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const [form] = Form.useForm<FilterFields>();
  return (
    <Form
      name="audit-filter"
      form={form}
      layout="inline"
      onFinish={(fields) => onApply(filterOf(fields))}
      className="console-filters"
    >
      <Form.Item label="操作者" name="actor">
        <Input placeholder="staff:1 或 cli:root" allowClear className="console-filter-field" />
      </Form.Item>
      <Form.Item label="动作" name="action">
        <Input placeholder="staff.create 或 staff." allowClear className="console-filter-field" />
      </Form.Item>
      <Form.Item label="对象" name="target">
        <Input placeholder="staff:7" allowClear className="console-filter-field" />
      </Form.Item>
      <Form.Item label="时间（北京）" className="console-filter-time">
        <Space.Compact>
          <Form.Item name="from" noStyle>
            <Input type="datetime-local" aria-label="开始时间" />
          </Form.Item>
          <Form.Item name="to" noStyle>
            <Input type="datetime-local" aria-label="结束时间" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
