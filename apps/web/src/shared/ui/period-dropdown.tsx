import { Dropdown, Radio, Space } from 'antd-mobile';
import { useRef } from 'react';

/**
 * The record screens' period dropdown (spec/platform.md §2: 今天 / 昨天 / 七天, and the longer lists
 * some screens have): the current period as the title, the options as radios, closed on choice.
 */
export function PeriodDropdown<K extends string>(props: {
  period: K;
  options: readonly { key: K; label: string }[];
  onPeriod(period: K): void;
  className: string;
  optionsClassName: string;
}) {
  const dropdown = useRef<{ close(): void }>(null);
  const label = props.options.find((p) => p.key === props.period)?.label;
  return (
    <Dropdown ref={dropdown} className={props.className}>
      <Dropdown.Item key="period" title={label}>
        <div className={props.optionsClassName}>
          <Radio.Group
            value={props.period}
            onChange={(v) => {
              props.onPeriod(v as K);
              dropdown.current?.close();
            }}
          >
            <Space direction="vertical" block>
              {props.options.map((p) => (
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
