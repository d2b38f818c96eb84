import { Dropdown, Radio, Space } from 'antd-mobile';
import { useRef } from 'react';
import type { RecordPeriod } from '../api/get-betting';

export const PERIODS: { key: RecordPeriod; label: string }[] = [
  { key: 'today', label: '今天' },
  { key: 'yesterday', label: '昨天' },
  { key: 'sevenDays', label: '七天' },
];

/** The record screens' period dropdown (spec/platform.md §2): 今天 / 昨天 / 七天. */
export function PeriodFilter(props: { period: RecordPeriod; onPeriod(period: RecordPeriod): void }) {
  const dropdown = useRef<{ close(): void }>(null);
  const label = PERIODS.find((p) => p.key === props.period)?.label;
  return (
    <Dropdown ref={dropdown} className="record-filter">
      <Dropdown.Item key="period" title={label}>
        <div className="record-periods">
          <Radio.Group
            value={props.period}
            onChange={(v) => {
              props.onPeriod(v as RecordPeriod);
              dropdown.current?.close();
            }}
          >
            <Space direction="vertical" block>
              {PERIODS.map((p) => (
                <Radio key={p.key} value={p.key} block>
                  {p.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </div>
      </Dropdown.Item>
    </Dropdown>
  );
}
