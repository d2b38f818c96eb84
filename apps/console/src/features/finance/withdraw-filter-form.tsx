import { WITHDRAW_STATUSES } from '@lottery/contract/console/finance';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { DAY_FORMAT, type DayRange, dayText } from './day-fields';
import type { WithdrawFilter } from './finance-api';
import { WITHDRAW_STATUS_LABELS } from './labels';

interface Fields {
  status?: WithdrawFilter['status'];
  account?: string;
  orderNo?: string;
  days?: DayRange;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;
const statusOptions = WITHDRAW_STATUSES.map((value) => ({ value, label: WITHDRAW_STATUS_LABELS[value] }));

/** 状态, 玩家账号, 订单号 and a range of Beijing days. */
export function WithdrawFilterForm({ onApply }: { onApply: (filter: WithdrawFilter) => void }) {
  const [form] = Form.useForm<Fields>();
  return (
    <Form
      name="withdraw-filter"
      form={form}
      layout="inline"
      className="console-filters"
      onFinish={(f) =>
        onApply({
          status: f.status,
          account: trimmed(f.account),
          orderNo: trimmed(f.orderNo),
          fromDay: dayText(f.days?.[0]),
          toDay: dayText(f.days?.[1]),
        })
      }
    >
      <Form.Item label="状态" name="status">
        <Select allowClear options={statusOptions} placeholder="全部" style={{ width: 110 }} />
      </Form.Item>
      <Form.Item label="玩家账号" name="account">
        <Input allowClear className="console-filter-field" />
      </Form.Item>
      <Form.Item label="订单号" name="orderNo">
        <Input allowClear className="console-filter-field" />
      </Form.Item>
      <Form.Item label="日期（北京）" name="days">
        <DatePicker.RangePicker format={DAY_FORMAT} allowEmpty={[true, true]} style={{ width: 250 }} />
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
