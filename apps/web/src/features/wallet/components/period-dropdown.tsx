import type { Period } from '@lottery/contract/wallet';
import { Dropdown, Radio, Space } from 'antd-mobile';
import { useRef } from 'react';
import { PERIOD_OPTIONS } from '../model/labels';

/** The record screens' period dropdown (spec/platform.md §2): 今天 / 昨天 / 七天. */
export function PeriodDropdown(props: { period: Period; onPeriod(period: Period): void }) {
  const dropdown = useRef<{ close(): void }>(null);
  const label = PERIOD_OPTIONS.find((p) => p.key === props.period)?.label;
  return (
    <Dropdown ref={dropdown} className="wallet-filter">
      <Dropdown.Item key="period" title={label}>
        <div className="wallet-filter-options">
          <Radio.Group
            value={props.period}
            onChange={(v) => {
              props.onPeriod(v as Period);
              dropdown.current?.close();
            }}
          >
            <Space direction="vertical" block>
              {PERIOD_OPTIONS.map((p) => (
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
