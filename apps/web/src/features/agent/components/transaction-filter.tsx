import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportPeriod } from '@lottery/contract/records';
import { TRANSACTION_GROUPS } from '@lottery/contract/wallet';
import { Dropdown, Radio, Space } from 'antd-mobile';
import { useRef } from 'react';

/** 全部类型 then the ledger groups of the record screens (充值 收入 支出 人工 返水 转账). */
export const TYPE_OPTIONS: { type: number; label: string }[] = [
  { type: 0, label: '全部类型' },
  ...Object.entries(TRANSACTION_GROUPS).map(([group, label]) => ({ type: Number(group), label })),
];

/** 交易明细's filter bar: the agent period dropdown and the transaction-type group dropdown. */
export function TransactionFilter(props: {
  period: ReportPeriod;
  type: number;
  onPeriod(period: ReportPeriod): void;
  onType(type: number): void;
}) {
  const dropdown = useRef<{ close(): void }>(null);
  const typeLabel = TYPE_OPTIONS.find((o) => o.type === props.type)?.label;
  return (
    <Dropdown ref={dropdown} className="agent-filter">
      <Dropdown.Item key="period" title={REPORT_PERIOD_LABELS[props.period]}>
        <div className="agent-periods">
          <Radio.Group
            value={props.period}
            onChange={(v) => {
              props.onPeriod(v as ReportPeriod);
              dropdown.current?.close();
            }}
          >
            <Space direction="vertical" block>
              {REPORT_PERIODS.map((p) => (
                <Radio key={p} value={p} block>
                  {REPORT_PERIOD_LABELS[p]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </div>
      </Dropdown.Item>
      <Dropdown.Item key="type" title={typeLabel}>
        <div className="agent-periods">
          <Radio.Group
            value={props.type}
            onChange={(v) => {
              props.onType(Number(v));
              dropdown.current?.close();
            }}
          >
            <Space direction="vertical" block>
              {TYPE_OPTIONS.map((o) => (
                <Radio key={o.type} value={o.type} block>
                  {o.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </div>
      </Dropdown.Item>
    </Dropdown>
  );
}
