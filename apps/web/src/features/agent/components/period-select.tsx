import { CHILD_REPORT_PERIODS } from '@lottery/contract/agent-report';
import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportPeriod } from '@lottery/contract/records';
import { PeriodDropdown } from '../../../shared/ui/period-dropdown';

const AGENT_OPTIONS = REPORT_PERIODS.map((key) => ({ key, label: REPORT_PERIOD_LABELS[key] }));
const CHILD_OPTIONS = CHILD_REPORT_PERIODS.map((key) => ({ key, label: REPORT_PERIOD_LABELS[key] }));

/**
 * The agent reports' period dropdown (spec/platform.md §2): 今天 / 昨天 / 七天 / 上周 / 本月 / 上月;
 * `child` drops 七天 (childReport has none).
 */
export function PeriodSelect<K extends ReportPeriod>(props: {
  period: K;
  onPeriod(period: K): void;
  child?: boolean;
}) {
  const options = (props.child ? CHILD_OPTIONS : AGENT_OPTIONS) as { key: K; label: string }[];
  return (
    <PeriodDropdown
      period={props.period}
      options={options}
      onPeriod={props.onPeriod}
      className="agent-filter"
      optionsClassName="agent-periods"
    />
  );
}
