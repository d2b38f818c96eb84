import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportPeriod } from '@lottery/contract/records';
import { Dropdown, Radio, Space } from 'antd-mobile';
import { useRef } from 'react';

/**
 * The settlement reports' period dropdown (spec/platform.md §2): 今天 / 昨天 / 七天 plus 上周 /
 * 本月 / 上月.
 */
export function ReportPeriodDropdown(props: { period: ReportPeriod; onPeriod(period: ReportPeriod): void }) {
  const dropdown = useRef<{ close(): void }>(null);
  return (
    <Dropdown ref={dropdown} className="records-filter">
      <Dropdown.Item key="period" title={REPORT_PERIOD_LABELS[props.period]}>
        <div className="records-periods">
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
    </Dropdown>
  );
}
