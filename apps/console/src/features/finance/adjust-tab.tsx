import {
  type AdjustRequest,
  ConsoleFinanceApi,
  FinanceMessages,
  YuanAmount,
} from '@lottery/contract/console/finance';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { TRANSACTION_TYPES } from '@lottery/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Radio, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../../api/call';
import { errorText } from '../../shared/errors';
import { yuanText } from '../../shared/money';
import { refreshFinance } from './finance-api';

interface Fields {
  account: string;
  direction: AdjustRequest['direction'];
  amount: string;
  typeCode: number;
  reason: string;
}

const MANUAL_CODES = Object.entries(TRANSACTION_TYPES)
  .map(([code, label]) => ({ code: Number(code), label }))
  .filter(({ code }) => code >= 401 && code <= 423)
  .map(({ code, label }) => ({ value: code, label: `${code} ${label}` }));

/**
 * One key per opening of the form: a resent or double-clicked submit moves the money once.
 * getRandomValues, not randomUUID: the latter is missing outside a secure context (plain http).
 */
const newKey = () =>
  `adj-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** A field checked by the contract's own rule, with its message. */
const bySchema =
  (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }) =>
  async (_rule: unknown, value: unknown) => {
    const parsed = schema.safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error?.issues[0]?.message);
  };

/**
 * 人工调整: credit or debit a player by hand with a manual ledger code (401–423) and a reason. The
 * form carries an idempotency key made when it opens, so a retry after a lost answer (or a second
 * click) is applied once; the server answers `replayed` for it. After a success the form starts
 * over with a new key.
 */
export function AdjustTab() {
  const [form] = Form.useForm<Fields>();
  const [key, setKey] = useState(newKey);
  const client = useQueryClient();
  const adjust = useMutation({
    mutationFn: (input: AdjustRequest) => consoleCall(ConsoleFinanceApi.adjust, input),
    onSuccess: () => void refreshFinance(client),
  });
  const done = adjust.data && adjust.variables;

  if (done)
    return (
      <Card>
        <Result
          status="success"
          title={adjust.data.replayed ? '该调整已执行过，未重复入账' : '调整成功'}
          subTitle={
            <span data-testid="adjust-result">
              {done.account} {done.direction === 'credit' ? '加款' : '扣款'}{' '}
              {yuanText(formatMoney(parseMoney(done.amount, 2)))}（{done.typeCode}{' '}
              {TRANSACTION_TYPES[done.typeCode as keyof typeof TRANSACTION_TYPES]}），当前余额{' '}
              {yuanText(adjust.data.balance)}，账变编号 {adjust.data.txnId}
            </span>
          }
          extra={
            <Button
              type="primary"
              onClick={() => {
                adjust.reset();
                form.resetFields();
                setKey(newKey());
              }}
            >
              继续调整
            </Button>
          }
        />
      </Card>
    );

  return (
    <Card title="人工调整余额">
      <Form
        name="finance-adjust"
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: '420px' }}
        requiredMark={false}
        initialValues={{ direction: 'credit', typeCode: 401 }}
        disabled={adjust.isPending}
        onFinish={(f) =>
          adjust.mutate({
            account: f.account.trim(),
            direction: f.direction,
            amount: f.amount.trim(),
            typeCode: f.typeCode,
            reason: f.reason.trim(),
            idempotencyKey: key,
          })
        }
      >
        {adjust.isError && (
          <Alert type="error" showIcon title={errorText(adjust.error)} className="console-gap" />
        )}
        <Form.Item
          label="玩家账号"
          name="account"
          rules={[{ required: true, whitespace: true, message: FinanceMessages.account }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="方向" name="direction">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'credit', label: '加款' },
              { value: 'debit', label: '扣款' },
            ]}
          />
        </Form.Item>
        <Form.Item label="金额（元）" name="amount" rules={[{ validator: bySchema(YuanAmount) }]}>
          <Input inputMode="decimal" placeholder="如 50 或 20.5" autoComplete="off" />
        </Form.Item>
        <Form.Item label="账变类型" name="typeCode">
          <Select
            options={MANUAL_CODES}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="adjust-code"
          />
        </Form.Item>
        <Form.Item
          label="原因"
          name="reason"
          extra="记入审计日志与账变备注"
          rules={[{ required: true, whitespace: true, max: 200, message: FinanceMessages.reason }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Form.Item label="幂等键">
          <Typography.Text code data-testid="adjust-key">
            {key}
          </Typography.Text>
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={adjust.isPending}>
            提交调整
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
