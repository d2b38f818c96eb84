import { DEPOSIT_STATUSES } from '@lottery/contract/console/finance';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { DAY_FORMAT, type DayRange, dayText } from './day-fields';
import type { DepositFilter } from './finance-api';
import { channelOptions, DEPOSIT_STATUS_LABELS } from './labels';

interface Fields {
  status?: DepositFilter['status'];
  channel?: string;
  account?: string;
  orderNo?: string;
  days?: DayRange;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

const statusOptions = DEPOSIT_STATUSES.map((value) => ({ value, label: DEPOSIT_STATUS_LABELS[value] }));

/** 状态, 渠道, 玩家账号, 订单号 and a range of Beijing days (either end may stay open). */
export function DepositFilterForm({ onApply }: { onApply: (filter: DepositFilter) => void }) {
  const [form] = Form.useForm<Fields>();
  return (
    <Form
      name="deposit-filter"
      form={form}
      layout="inline"
      className="console-filters"
      onFinish={(f) =>
        onApply({
          status: f.status,
          channel: f.channel,
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
      <Form.Item label="渠道" name="channel">
        <Select allowClear options={channelOptions} placeholder="全部" style={{ width: 130 }} />
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
